import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrations } from './migrations.js';

/** What the rest of the API may do with storage: parameterised SQL, transactions, close. */
export interface Database {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  transaction<T>(work: (tx: Pick<Database, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const DATABASE = Symbol('DATABASE');

/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) in DATA_DIR/db. No server to
 * install and no native build; it speaks PostgreSQL's SQL, so a DATABASE_URL adapter can follow.
 */
export async function openDatabase(dataDir: string): Promise<Database> {
  const folder = path.join(dataDir, 'db');
  mkdirSync(folder, { recursive: true });
  const pg = await PGlite.create(folder);
  const database: Database = {
    query: async <Row>(sql: string, params: unknown[] = []) => (await pg.query<Row>(sql, params)).rows,
    transaction: (work) =>
      pg.transaction((tx) =>
        work({ query: async <Row>(sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows }),
      ),
    close: () => pg.close(),
  };
  await migrate(pg);
  return database;
}

async function migrate(pg: PGlite): Promise<void> {
  await pg.exec(
    'create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())',
  );
  const applied = new Set(
    (await pg.query<{ version: number }>('select version from schema_migrations')).rows.map((row) => row.version),
  );
  for (const [index, sql] of migrations.entries()) {
    const version = index + 1;
    if (applied.has(version)) continue;
    await pg.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
    });
  }
}
