// @ts-check
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where PostgreSQL's server programs are: PG_BIN, or Debian's newest /usr/lib/postgresql/<version>/bin.
 * @returns {string | null}
 */
export function postgresBin() {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/**
 * Runs a PostgreSQL program: as the `postgres` user when we are root (PostgreSQL refuses root).
 * @param {string} program
 * @param {string[]} args
 */
function runAsPostgres(program, args) {
  const [command, prefix] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program]] : [program, []];
  const result = spawnSync(command, [...prefix, ...args], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(program)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

/**
 * A new, empty database in the throwaway cluster on `port` (from any process); its URL.
 * @param {number} port
 * @param {string} name lower-case letters, digits and underscores
 */
export function createDatabase(port, name) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  runAsPostgres(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
  return `postgres://postgres@127.0.0.1:${port}/${name}`;
}

/**
 * A throwaway PostgreSQL cluster: initdb into a temp folder, listening on 127.0.0.1 only, trusting local
 * connections (a test server, never a real one), tuned for speed over durability, removed by stop().
 * @param {{ port: number }} options
 */
export async function startPostgresCluster({ port }) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const folder = mkdtempSync(path.join(tmpdir(), 'portfolio-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(folder, uid, gid);
  }
  const data = path.join(folder, 'data');
  runAsPostgres(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=${folder}`,
    '-c max_connections=200',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  runAsPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(folder, 'server.log'),
    '-o',
    settings,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  let stopped = false;
  return {
    port,
    /** @param {string} name */
    createDatabase: (name) => createDatabase(port, name),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
