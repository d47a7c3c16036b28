import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queries } from './database.js';
import { shippedTemplate, unpackTemplate } from './pglite-template.js';

/**
 * PostgreSQL settings for the embedded database, sized for a portfolio's few tables on a 512 MB host:
 * shared buffers are the largest part of PGlite's memory (128MB by default), and PGlite's WebAssembly memory never
 * shrinks. 4MB (512 pages) holds what the site reads: its database is 8 MB on disk, 7 of them PostgreSQL's
 * catalogs, which queries find in caches of their own, and a page not held is read from the OS's file cache. The
 * server holds 13-16 MB less of its own than with 16MB (docs/performance.md, "Idle within 320 MB").
 */
export const pgliteSettings = { shared_buffers: '4MB' } as const;

const startParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(pgliteSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

const queriesOf = (pg: PGlite | Transaction): Queries => ({
  query: async <Row>(sql: string, params: unknown[] = []) => (await pg.query<Row>(sql, params)).rows,
  exec: async (sql: string) => {
    await pg.exec(sql);
  },
});

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, in a folder. No server, no native build.
 * An empty folder starts from the template the build ships (pglite-template.js); without one (or given null),
 * PGlite runs initdb.
 */
export async function openPglite(folder: string, template: string | null = shippedTemplate): Promise<Database> {
  mkdirSync(path.dirname(folder), { recursive: true });
  if (template) unpackTemplate(template, folder);
  const pg = await PGlite.create({ dataDir: folder, startParams });
  return {
    ...queriesOf(pg),
    // PGlite runs one statement at a time, so its transactions never interleave
    transaction: (work) => pg.transaction((tx) => work(queriesOf(tx))),
    close: () => pg.close(),
    description: `embedded PGlite in ${folder}`,
  };
}
