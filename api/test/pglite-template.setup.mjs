// PGlite takes seconds to create a database (initdb in WebAssembly) and well under one to open a copy:
// the run unpacks a template made as the API's build makes it (pglite-template.js), as a first start does, brings it up
// to the latest migration once, and each test app starts on a copy of that folder; all under one folder that the
// teardown removes. A first start from the shipped template, migrations and all, is storage.e2e-spec.ts's; the
// migrations themselves run from empty at every start on PostgreSQL.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackTemplate, writeTemplate } from '../src/storage/pglite-template.js';
// Node strips these files' types (their other imports are types or plain JavaScript): the server's own opening
// (its settings) and migrations
import { migrate } from '../src/storage/migrations.ts';
import { openPglite } from '../src/storage/pglite-database.ts';

/**
 * The template as the build writes it, made once per PGlite version and template code and kept in the repository's
 * node_modules/.cache: initdb is about 10 CPU-s, and every jest run with the pglite or built project made it again
 * (`npm test` twice, a run of one spec file once more). What it holds depends on nothing else: initdb's output, no
 * migration (those run below, from this checkout's code, at every run).
 */
async function templateTarball() {
  // its package.json is not exported: it sits above the entry's dist/
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(entry), '../package.json'), 'utf8'));
  const code = readFileSync(new URL('../src/storage/pglite-template.js', import.meta.url));
  const key = createHash('sha256').update(version).update(code).digest('hex').slice(0, 16);
  const folder = path.resolve(import.meta.dirname, '../../node_modules/.cache/api-tests');
  const file = path.join(folder, `pglite-template-${key}.tar.gz`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  // written aside and renamed: a run beside this one never reads half a file
  const written = path.join(folder, `.pglite-template-${key}-${process.pid}.tar.gz`);
  try {
    await writeTemplate(written);
    renameSync(written, file);
  } finally {
    rmSync(written, { force: true });
  }
  return file;
}

export default async function makeTemplate() {
  const root = mkdtempSync(path.join(tmpdir(), 'portfolio-api-tests-'));
  globalThis.pgliteTestRoot = root;
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  const tarball = await templateTarball();
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
