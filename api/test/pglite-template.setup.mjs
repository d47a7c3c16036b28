// PGlite takes seconds to create a database (initdb in WebAssembly) and well under one to open a copy:
// the run makes the template the API's build ships (pglite-template.js) once, unpacks it as a first start
// does and brings it up to the latest migration, and each test app starts on a copy of that folder; all under
// one folder that the teardown removes. A first start from the shipped template, migrations and all, is
// storage.e2e-spec.ts's; the migrations themselves run from empty at every start on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unpackTemplate, writeTemplate } from '../src/storage/pglite-template.js';
// Node strips these files' types (their other imports are types or plain JavaScript): the server's own opening
// (its settings) and migrations
import { migrate } from '../src/storage/migrations.ts';
import { openPglite } from '../src/storage/pglite-database.ts';

export default async function makeTemplate() {
  const root = mkdtempSync(path.join(tmpdir(), 'portfolio-api-tests-'));
  globalThis.pgliteTestRoot = root;
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  const tarball = path.join(root, 'template.tar.gz');
  await writeTemplate(tarball);
  const template = path.join(root, 'template');
  unpackTemplate(tarball, template);
  // migrated once here rather than at each of the run's app starts (a second of CPU for a file's first)
  const database = await openPglite(template, null);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  // the test workers start after this and inherit them
  process.env.TEST_PGLITE_ROOT = root;
  process.env.TEST_PGLITE_TEMPLATE = tarball;
}
