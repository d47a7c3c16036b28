// @ts-check
// The embedded database's starting point. PGlite makes a new database with initdb in a second WebAssembly
// instance: seconds of work, and about 800 MB that stays until garbage collection. `npm run build` does it
// once and ships PGlite's dump of the result beside the API; a first start unpacks it and opens it as a
// restart would. Plain JavaScript, so the API tests' set-up (plain .mjs) shares it without a build.
// `node pglite-template.js [file]` writes the template (the API's build runs it).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

/** Where the API's build puts it: api/dist, reached alike from src/storage and dist/storage. */
export const shippedTemplate = fileURLToPath(new URL('../../dist/pglite-template.tar.gz', import.meta.url));

/**
 * Makes an empty database in memory and writes PGlite's dump of it (a gzip'd tar) to `file`.
 * @param {string} file
 */
export async function writeTemplate(file) {
  const pg = await PGlite.create();
  try {
    const dump = await pg.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
}

/** @param {Buffer} header @param {number} start @param {number} length */
const field = (header, start, length) => header.toString('latin1', start, start + length).replace(/\0[^]*$/, '');

/**
 * The entries of a ustar archive (what PGlite's dump writes): a 512-byte header, then the data padded to 512.
 * @param {Buffer} tar
 */
function* tarEntries(tar) {
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    // two zero blocks end the archive
    if (header.every((byte) => byte === 0)) return;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    yield {
      name: [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join('/'),
      mode: parseInt(field(header, 100, 8).trim() || '0', 8) & 0o777,
      type: field(header, 156, 1) || '0',
      data: tar.subarray(offset + 512, offset + 512 + size),
    };
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * Unpacks the template into `folder` if that holds nothing yet (a first start), and says whether it did.
 * It is unpacked beside the folder and renamed into place, so a start cut short leaves no half database.
 * @param {string} file
 * @param {string} folder
 */
export function unpackTemplate(file, folder) {
  if (!existsSync(file) || (existsSync(folder) && readdirSync(folder).length > 0)) return false;
  const partial = `${folder}.unpacking`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  for (const entry of tarEntries(gunzipSync(readFileSync(file)))) {
    const target = path.join(partial, entry.name);
    if (!target.startsWith(`${partial}${path.sep}`)) throw new Error(`${file}: ${entry.name} is outside the database`);
    if (entry.type === '5') mkdirSync(target, { recursive: true, mode: entry.mode || 0o700 });
    else if (entry.type === '0') {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, entry.data, { mode: entry.mode || 0o600 });
    } else throw new Error(`${file}: ${entry.name} is neither a file nor a folder`);
  }
  if (existsSync(folder)) rmdirSync(folder);
  renameSync(partial, folder);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.resolve(process.argv[2] ?? shippedTemplate);
  await writeTemplate(file);
  console.log(`wrote the embedded database's template: ${path.relative(process.cwd(), file)}`);
}
