import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queries } from './database.js';

const queriesOf = (pg: PGlite | Transaction): Queries => ({
  query: async <Row>(sql: string, params: unknown[] = []) => (await pg.query<Row>(sql, params)).rows,
  exec: async (sql: string) => {
    await pg.exec(sql);
  },
});

/** The embedded database: PostgreSQL compiled to WebAssembly, in a folder. No server, no native build. */
export async function openPglite(folder: string): Promise<Database> {
  mkdirSync(folder, { recursive: true });
  const pg = await PGlite.create(folder);
  return {
    ...queriesOf(pg),
    // PGlite runs one statement at a time, so its transactions never interleave
    transaction: (work) => pg.transaction((tx) => work(queriesOf(tx))),
    close: () => pg.close(),
    description: `embedded PGlite in ${folder}`,
  };
}
