import path from 'node:path';
import { migrate } from './migrations.js';
import { openPglite } from './pglite-database.js';
import { openPostgres } from './postgres-database.js';

/** Parameterised SQL, plus scripts of several statements (migrations). */
export interface Queries {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

/** What the rest of the API may do with storage: SQL, transactions, close. The same on both engines. */
export interface Database extends Queries {
  transaction<T>(work: (tx: Queries) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine and where, for the start-up log (no password). */
  readonly description: string;
}

export const DATABASE = Symbol('DATABASE');

/**
 * PostgreSQL when DATABASE_URL is set (node-postgres: replicas share it), otherwise the embedded
 * PGlite in DATA_DIR/db; either way the same migrations, brought up to date before anything else runs.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  /** where an empty data folder starts from: the template the build ships unless given (null: initdb) */
  pgliteTemplate?: string | null;
}): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(path.join(options.dataDir, 'db'), options.pgliteTemplate);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
