// PGlite takes seconds to create a database (initdb in WebAssembly) and well under one to open a copy:
// one empty database is made per run, and each test app starts on a copy of it, under one folder
// that the teardown removes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export default async function makeTemplate() {
  const root = mkdtempSync(path.join(tmpdir(), 'portfolio-api-tests-'));
  const pg = await PGlite.create(path.join(root, 'template'));
  await pg.close();
  globalThis.pgliteTestRoot = root;
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  // the test workers start after this and inherit it
  process.env.TEST_PGLITE_ROOT = root;
}
