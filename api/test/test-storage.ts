import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '@portfolio/stand-ins/postgres-cluster';
import { openDatabase, type Database } from '../src/storage/database.js';

/** Which storage this jest project tests (jest.config.js): the embedded PGlite, or PostgreSQL. */
export const testStorage = (globalThis as { TEST_STORAGE?: 'pglite' | 'postgres' }).TEST_STORAGE ?? 'pglite';

/**
 * `it` for a test in a spec that runs on both storages (api/jest.config.js) whose every outcome is decided before
 * storage is asked (a process, a stream, a header, a refusal before any row): it runs on PGlite and is skipped on
 * PostgreSQL, where it would prove nothing more. docs/testing.md has the rule.
 */
export const itOnOneStorage: jest.It = testStorage === 'postgres' ? it.skip : it;

/** The environment that points an app at its storage; reuse it to restart on the same data, or for replicas. */
export interface StorageEnv {
  DATA_DIR?: string;
  DATABASE_URL?: string;
}

/** An empty data folder, inside the run's folder that the pglite project's teardown removes. */
export const newDataDir = () => mkdtempSync(path.join(process.env.TEST_PGLITE_ROOT ?? tmpdir(), 'portfolio-api-'));

/**
 * Fresh, empty storage. PGlite: a data folder holding a copy of the run's empty database (creating one
 * takes seconds; the first-start path has its own test). PostgreSQL: a new database in the run's cluster,
 * and an empty data folder for the release files.
 */
export function newStorage(): StorageEnv {
  if (testStorage === 'postgres') {
    const port = Number(process.env.TEST_POSTGRES_PORT);
    if (!port) throw new Error('TEST_POSTGRES_PORT is not set: the postgres jest project starts the cluster');
    // a data folder too: section releases keep their files there (never the repository's data/)
    return { DATABASE_URL: createDatabase(port, `test_${randomBytes(6).toString('hex')}`), DATA_DIR: newDataDir() };
  }
  const root = process.env.TEST_PGLITE_ROOT;
  if (!root) throw new Error('TEST_PGLITE_ROOT is not set: the pglite jest project makes the template');
  const DATA_DIR = newDataDir();
  cpSync(path.join(root, 'template'), path.join(DATA_DIR, 'db'), { recursive: true });
  return { DATA_DIR };
}

/** The storage an app used, opened directly, to look at what it stored (after the app has stopped, on PGlite). */
export const openStorage = (storage: StorageEnv): Promise<Database> =>
  openDatabase({ dataDir: storage.DATA_DIR ?? newDataDir(), databaseUrl: storage.DATABASE_URL ?? null });
