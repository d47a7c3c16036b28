// @ts-check
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, remotes } from '@portfolio/parts';
import { postgresBin, startPostgresCluster } from '@portfolio/stand-ins/postgres-cluster';
import { renderTemplate } from './nginx-template.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Debian's nginx, or NGINX_PATH. */
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** What this deployment needs that npm does not install, missing here: [] when it can run. */
export function missingTools() {
  return [...(existsSync(nginxPath) ? [] : ['nginx']), ...(postgresBin() ? [] : ['PostgreSQL'])];
}

/**
 * Where each part listens: the shell on basePort, the sections after it in the manifest's order,
 * then the API replicas, then PostgreSQL, then the sections again for the replicas: compose publishes
 * a section on a port of the host for the browser (localhost:3001) and the replicas reach it inside
 * the network (mf-home:80), so here too the two sides use different addresses. Then the preview origin
 * (nginx) and each replica's preview listener.
 * @param {number} basePort
 * @param {number} replicaCount
 */
function deploymentPorts(basePort, replicaCount) {
  const postgres = basePort + 1 + remotes.length + replicaCount;
  const previews = postgres + 1 + remotes.length;
  return {
    shell: basePort,
    sections: Object.fromEntries(remotes.map((remote, index) => [remote.name, basePort + 1 + index])),
    replicas: Array.from({ length: replicaCount }, (_value, index) => basePort + 1 + remotes.length + index),
    postgres,
    sectionsForServer: Object.fromEntries(remotes.map((remote, index) => [remote.name, postgres + 1 + index])),
    previews,
    replicaPreviews: Array.from({ length: replicaCount }, (_value, index) => previews + 1 + index),
  };
}

/**
 * @param {number} port
 * @param {number} timeoutMs
 * @param {() => string | null} [failed] a reason to give up early (the process died)
 */
async function waitForPort(port, timeoutMs, failed = () => null) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    const reason = failed();
    if (reason) throw new Error(reason);
    if (Date.now() > until) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One API replica: `node <api.nodeFlags> api/dist/main.js`, as the compose file runs it, logging to a file.
 * @param {{ name: string, port: number, env: Record<string, string>, logFile: string }} options
 */
function apiReplica({ name, port, env, logFile }) {
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  let exited = Promise.resolve({ code: null, signal: null });
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    logFile,
    get pid() {
      return child?.pid ?? null;
    },
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      const log = openSync(logFile, 'a');
      const started = spawn(process.execPath, [...api.nodeFlags, path.join(repoRoot, 'api/dist/main.js')], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env, PORT: String(port) },
        stdio: ['ignore', log, log],
      });
      child = started;
      exited = new Promise((resolve) => started.once('exit', (code, signal) => resolve({ code, signal })));
      const died = () =>
        started.exitCode !== null || started.signalCode !== null
          ? `${name} exited at start: ${readFileSync(logFile, 'utf8').slice(-2000)}`
          : null;
      await waitForPort(port, 60_000, died);
    },
    /**
     * Sends a signal and waits for the process to end.
     * @param {NodeJS.Signals} signal
     * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, ms: number }>}
     */
    async stop(signal = 'SIGTERM') {
      const startedAt = Date.now();
      if (!child || !this.running) return { ...(await exited), ms: 0 };
      child.kill(signal);
      return { ...(await exited), ms: Date.now() - startedAt };
    },
  };
}

/** @typedef {ReturnType<typeof apiReplica>} ApiReplica */

/**
 * The main nginx.conf around the deploy/ server blocks, like the one in nginx's Docker image, with every
 * path in the run's folder.
 * @param {string} folder
 */
function nginxMainConfig(folder) {
  const runAsRoot = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${runAsRoot}daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  # the port each request came in on: the test tells the browser's requests from the replicas' by it
  log_format port '$server_port $request_method $request_uri $status';
  access_log ${folder}/access.log port;
  sendfile on;
  keepalive_timeout 65;
  client_body_temp_path ${folder}/temp/body;
  proxy_temp_path ${folder}/temp/proxy;
  fastcgi_temp_path ${folder}/temp/fastcgi;
  uwsgi_temp_path ${folder}/temp/uwsgi;
  scgi_temp_path ${folder}/temp/scgi;
  include ${folder}/conf.d/*.conf;
}
`;
}

/**
 * The multi-origin deployment of docker-compose.yml, on 127.0.0.1: nginx serving the shell and each
 * section from its own port with the deploy/ templates, API replicas behind the shell's pages, /api and
 * /remotes.json on a throwaway PostgreSQL, rendering every page. Needs the production build
 * (`npm run build`). stop() removes everything.
 * @param {{ basePort: number, replicaCount?: number, apiEnv?: Record<string, string> }} options
 *   apiEnv: what the replicas need besides storage and proxy (SMTP_URL, RECAPTCHA_..., RATE_LIMIT_...)
 */
export async function startDeployment({ basePort, replicaCount = 2, apiEnv = {} }) {
  const ports = deploymentPorts(basePort, replicaCount);
  const folder = mkdtempSync(path.join(tmpdir(), 'portfolio-deployment-'));
  /** @type {Array<() => void>} */
  const cleanups = [() => rmSync(folder, { recursive: true, force: true })];
  const cleanUp = () => {
    for (const step of cleanups.splice(0).reverse()) {
      try {
        step();
      } catch {
        // keep removing the rest
      }
    }
  };
  // an interrupted test run still stops what it started
  process.once('exit', cleanUp);
  try {
    const cluster = await startPostgresCluster({ port: ports.postgres });
    cleanups.push(() => cluster.stop());
    const databaseUrl = cluster.createDatabase('portfolio');

    // as compose: remotes.json has the browser's URLs (localhost and the published port), the replicas another way in
    const sectionUrls = Object.fromEntries(
      Object.entries(ports.sections).map(([name, port]) => [name, `http://localhost:${port}`]),
    );
    const sectionUrlsForServer = Object.fromEntries(
      Object.entries(ports.sectionsForServer).map(([name, port]) => [name, `http://127.0.0.1:${port}`]),
    );
    const sectionOriginsForServer = remotes
      .map((remote) => `${sectionUrls[remote.name]}=${sectionUrlsForServer[remote.name]}`)
      .join(',');

    const replicas = ports.replicas.map((port, index) =>
      apiReplica({
        name: `api-${index + 1}`,
        port,
        logFile: path.join(folder, `api-${index + 1}.log`),
        env: {
          // previews run on a listener of their own, published by nginx as the preview origin
          PREVIEW_PORT: String(ports.replicaPreviews[index]),
          PREVIEW_ORIGIN: `http://127.0.0.1:${ports.previews}`,
          DATABASE_URL: databaseUrl,
          SECTION_ORIGINS_FOR_SERVER: sectionOriginsForServer,
          // the shell's remotes.json below, as compose gives it: the replicas answer /remotes.json from it and the database
          REMOTES_JSON: path.join(folder, 'shell', 'remotes.json'),
          // nginx reaches the replicas from 127.0.0.1; visitors in these tests come from other loopback addresses
          TRUST_PROXY: '127.0.0.1',
          // the address visitors use (the shell's nginx), as compose sets it: no request header names the site
          SITE_URL: `http://127.0.0.1:${ports.shell}`,
          ...apiEnv,
        },
      }),
    );
    cleanups.push(() => {
      for (const replica of replicas) if (replica.pid && replica.running) process.kill(replica.pid, 'SIGKILL');
    });
    await Promise.all(replicas.map((replica) => replica.start()));

    // the shell's files with this deployment's remotes.json beside them, as compose mounts it over the built one
    const shellRoot = path.join(folder, 'shell');
    mkdirSync(shellRoot);
    const shellDist = path.join(repoRoot, 'shell/dist');
    for (const entry of readdirSync(shellDist)) {
      if (entry !== 'remotes.json') symlinkSync(path.join(shellDist, entry), path.join(shellRoot, entry));
    }
    const remotesConfig = Object.fromEntries(
      Object.entries(sectionUrls).map(([name, url]) => [name, `${url}/mf-manifest.json`]),
    );
    writeFileSync(path.join(shellRoot, 'remotes.json'), JSON.stringify(remotesConfig, null, 2));

    mkdirSync(path.join(folder, 'conf.d'));
    mkdirSync(path.join(folder, 'temp'));
    writeFileSync(
      path.join(folder, 'conf.d/shell.conf'),
      renderTemplate(path.join(repoRoot, 'deploy/nginx-shell.conf.template'), {
        LISTEN: `127.0.0.1:${ports.shell}`,
        SITE_ROOT: shellRoot,
        API_SERVERS: ports.replicas.map((port) => `server 127.0.0.1:${port};`).join(' '),
        PUBLIC_HOST: `127.0.0.1:${ports.shell}`,
      }),
    );
    writeFileSync(
      path.join(folder, 'conf.d/preview.conf'),
      renderTemplate(path.join(repoRoot, 'deploy/nginx-preview.conf.template'), {
        PREVIEW_LISTEN: `127.0.0.1:${ports.previews}`,
        PREVIEW_SERVERS: ports.replicaPreviews.map((port) => `server 127.0.0.1:${port};`).join(' '),
        PREVIEW_HOST: `127.0.0.1:${ports.previews}`,
      }),
    );
    for (const remote of remotes) {
      for (const [side, port] of [
        ['browser', ports.sections[remote.name]],
        ['server', ports.sectionsForServer[remote.name]],
      ]) {
        writeFileSync(
          path.join(folder, `conf.d/${remote.name}-${side}.conf`),
          renderTemplate(path.join(repoRoot, 'deploy/nginx-static.conf.template'), {
            LISTEN: `127.0.0.1:${port}`,
            SITE_ROOT: path.join(repoRoot, remote.folder, 'dist'),
          }),
        );
      }
    }
    writeFileSync(path.join(folder, 'nginx.conf'), nginxMainConfig(folder));
    const nginx = spawn(
      nginxPath,
      ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', path.join(folder, 'nginx-error.log')],
      {
        stdio: 'ignore',
      },
    );
    const nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
    cleanups.push(() => nginx.kill('SIGKILL'));
    const nginxDied = () =>
      nginx.exitCode !== null ? `nginx exited: ${readFileSync(path.join(folder, 'nginx-error.log'), 'utf8')}` : null;
    for (const port of [
      ports.shell,
      ports.previews,
      ...Object.values(ports.sections),
      ...Object.values(ports.sectionsForServer),
    ]) {
      await waitForPort(port, 10_000, nginxDied);
    }

    return {
      /** The site's origin: what a visitor opens. */
      url: `http://127.0.0.1:${ports.shell}`,
      /** The preview origin (nginx in front of the replicas' preview listeners): where preview links open. */
      previewUrl: `http://127.0.0.1:${ports.previews}`,
      /** Each section's origin as the browser (and remotes.json) has it, and as the replicas reach it. */
      sectionUrls,
      sectionUrlsForServer,
      /** nginx's log of every request: the port it came in on, method, path and query, status. */
      accessLog: path.join(folder, 'access.log'),
      replicas,
      databaseUrl,
      nginxPid: nginx.pid,
      /** Logs of the replicas and nginx, for a failing test's report. */
      folder,
      async stop() {
        await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')));
        nginx.kill('SIGQUIT');
        await nginxExited;
        process.removeListener('exit', cleanUp);
        cleanUp();
      },
    };
  } catch (error) {
    process.removeListener('exit', cleanUp);
    cleanUp();
    throw error;
  }
}
