// @ts-check
/** A build folder as the site takes it: a gzip'd tar of its files, paths relative to the folder. */
import { lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { create } from 'tar';

/**
 * Every file under `folder`, relative, with forward slashes, in a stable order.
 * @param {string} folder
 * @returns {string[]}
 */
export function filesOf(folder) {
  return /** @type {string[]} */ (readdirSync(folder, { recursive: true }))
    .filter((file) => lstatSync(path.join(folder, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * Packs the files of `folder` (regular files only: no links, no folders of their own, no owner or times
 * that would make two packs of one build differ).
 * @param {string} folder
 * @returns {Promise<{ archive: Buffer, files: number, unpackedBytes: number }>}
 */
export async function packRelease(folder) {
  const files = filesOf(folder);
  if (files.length === 0) throw new Error(`The build in ${folder} has no files.`);
  const unpackedBytes = files.reduce((sum, file) => sum + statSync(path.join(folder, file)).size, 0);
  /** @type {Buffer[]} */
  const chunks = [];
  const stream = create({ gzip: true, cwd: folder, portable: true, noMtime: true, noDirRecurse: true }, files);
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { archive: Buffer.concat(chunks), files: files.length, unpackedBytes };
}
