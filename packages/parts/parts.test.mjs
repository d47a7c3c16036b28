// The manifest is the one list of parts: every place that cannot import it is checked against it here.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { skipWithout } from '@portfolio/stand-ins/required-tools';
import {
  api,
  defaultRemotesConfig,
  devPorts,
  remoteNames,
  remotes,
  sectionOfPath,
  sectionOfRoute,
  shell,
} from './parts.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');
const readJson = (file) => JSON.parse(read(file));
// merge keys (<<: *static) as docker-compose reads them
const readCompose = () => parse(read('docker-compose.yml'), { merge: true });

describe('the parts manifest', () => {
  it('names each part, folder and dev port once', () => {
    const parts = [shell, api, ...remotes];
    for (const key of ['name', 'folder', 'devPort']) {
      const values = parts.map((part) => part[key]);
      expect(new Set(values).size).toBe(values.length);
    }
    expect(remotes.every((remote) => remote.routeIds.length > 0)).toBe(true);
    const routeIds = remotes.flatMap((remote) => remote.routeIds);
    expect(new Set(routeIds).size).toBe(routeIds.length);
  });

  it('is what the workspaces hold', () => {
    const { workspaces } = readJson('package.json');
    for (const part of [shell, api, ...remotes]) {
      expect(workspaces).toContain(part.folder);
      expect(readJson(`${part.folder}/package.json`).name).toBe(part.folder);
    }
  });

  it('gives every remote the same shape: one exposed module built from its manifest entry', () => {
    for (const remote of remotes) {
      expect(existsSync(path.join(repoRoot, remote.folder, 'src/routes.tsx'))).toBe(true);
      expect(read(`${remote.folder}/webpack.config.mjs`)).toContain(`remoteByName('${remote.name}')`);
    }
  });

  it('is what the shell ships as remotes.json: each section on the site itself', () => {
    expect(Object.keys(defaultRemotesConfig())).toEqual(remoteNames);
    for (const name of remoteNames) expect(defaultRemotesConfig()[name]).toBe(`/mf/${name}/remoteEntry.js`);
  });

  it('is what docker-compose.yml runs: one container per part, on its dev port', () => {
    const { services } = readCompose();
    expect(services[`${api.folder}-1`].command).toEqual(['node', ...api.nodeFlags, 'api/dist/main.js']);
    expect(services[shell.folder].ports).toContain(`${shell.devPort}:80`);
    for (const remote of remotes) {
      const service = services[remote.folder];
      expect(service.ports).toContain(`${remote.devPort}:80`);
      expect(service.volumes.some((volume) => volume.startsWith(`./${remote.folder}/dist:`))).toBe(true);
    }
  });

  it('is what the compose remotes.json points at', () => {
    const config = readJson('deploy/remotes.compose.json');
    expect(Object.keys(config).sort()).toEqual([...remoteNames].sort());
    for (const name of remoteNames) expect(new URL(config[name]).port).toBe(String(devPorts[name]));
  });

  it('runs the API as two replicas on PostgreSQL, behind the nginx of the shell: the one proxy they trust', () => {
    const { services, networks } = readCompose();
    const replicas = Object.entries(services).filter(([, service]) =>
      service.command?.includes(`${api.folder}/dist/main.js`),
    );
    expect(replicas.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    const shellService = services[shell.folder];
    const proxyAddress = shellService.networks.default.ipv4_address;
    expect(networks.default.ipam.config[0].subnet.startsWith(proxyAddress.split('.').slice(0, 3).join('.'))).toBe(true);
    for (const [name, service] of replicas) {
      const database = new URL(service.environment.DATABASE_URL);
      expect(services[database.hostname].image).toMatch(/^postgres:/);
      expect(service.environment.TRUST_PROXY).toBe(proxyAddress);
      // they render the pages nginx sends them
      expect(service.environment.SERVE_SITE).toBeUndefined();
      // nginx spreads /api over every replica, and the preview origin over their preview listeners
      expect(shellService.environment.API_SERVERS).toContain(`server ${name}:${service.environment.PORT};`);
      expect(shellService.environment.PREVIEW_SERVERS).toContain(`server ${name}:${service.environment.PREVIEW_PORT};`);
      expect(new URL(service.environment.PREVIEW_ORIGIN).port).toBe(
        shellService.ports.find((port) => port.endsWith(`:${shellService.environment.PREVIEW_LISTEN}`))?.split(':')[0],
      );
      // a replica is healthy when its database answers, and nginx starts once both are
      expect(service.healthcheck.test.join(' ')).toContain(`:${service.environment.PORT}/api/ready`);
      expect(shellService.depends_on[name]).toEqual({ condition: 'service_healthy' });
    }
  });

  it("lets the replicas fetch each section from its service, where the browser has remotes.json's URL", () => {
    const { services } = readCompose();
    const config = readJson('deploy/remotes.compose.json');
    const expected = Object.fromEntries(
      remotes.map((remote) => [new URL(config[remote.name]).origin, `http://${remote.folder}`]),
    );
    for (const name of ['api-1', 'api-2']) {
      const pairs = services[name].environment.SECTION_ORIGINS_FOR_SERVER.split(/[\s,]+/).filter(Boolean);
      expect(Object.fromEntries(pairs.map((pair) => pair.split('=')))).toEqual(expected);
      for (const remote of remotes) expect(Object.keys(services[name].depends_on)).toContain(remote.folder);
    }
  });

  it('fills in the deploy/ templates it mounts from the environment it gives', () => {
    const { services } = readCompose();
    for (const service of [shell.folder, ...remotes.map((remote) => remote.folder)]) {
      const templates = services[service].volumes.filter((volume) => volume.includes('/etc/nginx/templates/'));
      expect(templates.length).toBeGreaterThan(0);
      for (const template of templates) {
        const file = template.split(':')[0];
        const names = [...read(file).matchAll(/\$\{([A-Z_]+)\}/g)].map((found) => found[1]);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names)
          expect([service, name, typeof services[service].environment[name]]).toEqual([service, name, 'string']);
      }
    }
  });

  const dockerCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
  if (!dockerCompose) console.warn(skipWithout('docker-compose'));
  (dockerCompose ? it : it.skip)('is a compose file docker-compose accepts', () => {
    // `config` validates and resolves the file; it needs no Docker engine
    execFileSync('docker-compose', ['-f', path.join(repoRoot, 'docker-compose.yml'), 'config', '--quiet'], {
      stdio: 'pipe',
    });
  });
});

describe('sectionOfPath: which section a page is', () => {
  it("is the section mounted at the path or above it, home's only at /", () => {
    expect(sectionOfPath('/')).toBe('home');
    expect(sectionOfPath('/about')).toBe('about');
    expect(sectionOfPath('/about/')).toBe('about');
    expect(sectionOfPath('/projects/project/2')).toBe('projects');
    expect(sectionOfPath('/resume')).toBe('resume');
  });

  it('is none for a path of no section (the shell renders its 404), even one that starts like a section', () => {
    expect(sectionOfPath('/no-such-page')).toBeNull();
    expect(sectionOfPath('/aboutface')).toBeNull();
    expect(sectionOfPath('/owner/login')).toBeNull();
  });
});

describe('sectionOfRoute: which section serves a route', () => {
  it("is the section whose routeIds name it, every route id of every section's", () => {
    expect(sectionOfRoute('project')).toBe('projects');
    for (const remote of remotes)
      for (const routeId of remote.routeIds) expect(sectionOfRoute(routeId)).toBe(remote.name);
  });

  it("is none for the shell's own routes", () => {
    expect(sectionOfRoute('not-found')).toBeNull();
    expect(sectionOfRoute('sections')).toBeNull();
    expect(sectionOfRoute('')).toBeNull();
  });
});
