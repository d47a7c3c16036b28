// PGlite takes seconds to create a database (initdb in WebAssembly) and well under one to open a copy:
// the run makes the template the API's build ships (pglite-template.js) once, unpacks it as a first start
// does, and each test app starts on a copy of that folder; all under one folder that the teardown removes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unpackTemplate, writeTemplate } from '../src/storage/pglite-template.js';

export default async function makeTemplate() {
  const root = mkdtempSync(path.join(tmpdir(), 'portfolio-api-tests-'));
  globalThis.pgliteTestRoot = root;
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  const tarball = path.join(root, 'template.tar.gz');
  await writeTemplate(tarball);
  unpackTemplate(tarball, path.join(root, 'template'));
  // the test workers start after this and inherit them
  process.env.TEST_PGLITE_ROOT = root;
  process.env.TEST_PGLITE_TEMPLATE = tarball;
}
