// The manifest is the one list of parts: every place that cannot import it is checked against it here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { api, defaultRemotesConfig, devPorts, remoteNames, remotes, shell } from './parts.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');
const readJson = (file) => JSON.parse(read(file));

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
    const { services } = parse(read('docker-compose.yml'));
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
});
