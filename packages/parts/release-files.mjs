// @ts-check
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { releaseFileListName } from './parts.mjs';

/**
 * A build folder's file list, as every remote's build publishes it beside its remoteEntry.js: each file (walked in
 * sorted order, `/`-separated paths) with its size and SHA-256, the list itself left out.
 * @param {string} folder
 * @returns {{ files: Array<{ path: string, bytes: number, sha256: string }> }}
 */
export function releaseFileList(folder) {
  /** @type {Array<{ path: string, bytes: number, sha256: string }>} */
  const files = [];
  /** @param {string} relative */
  const walk = (relative) => {
    const entries = readdirSync(path.join(folder, relative), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const inside = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(inside);
      else if (entry.isFile() && inside !== releaseFileListName) {
        const content = readFileSync(path.join(folder, inside));
        files.push({ path: inside, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') });
      }
    }
  };
  walk('');
  return { files };
}

/**
 * Writes the folder's file list into it (`release-files.json`).
 * @param {string} folder
 */
export function writeReleaseFileList(folder) {
  writeFileSync(path.join(folder, releaseFileListName), `${JSON.stringify(releaseFileList(folder))}\n`);
}

/**
 * A release's own name for one of its files (an archive entry's, a file list's), as it will be stored: relative,
 * `/`-separated, with no `..`, no backslash and no control character, at most `maxPathLength` characters.
 * Anything else is refused with the sentence that says why, rather than cleaned up.
 * @param {string} raw
 * @param {number} maxPathLength
 * @returns {{ path: string } | { refused: string }}
 */
export function releaseEntryPath(raw, maxPathLength) {
  const quoted = `"${raw.slice(0, 80)}"`;
  if (raw.length > maxPathLength) return { refused: `${quoted}… is over ${maxPathLength} characters.` };
  const withoutDot = raw.replace(/^(\.\/)+/, '');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(withoutDot)) return { refused: `${quoted} is not a plain path.` };
  if (withoutDot.startsWith('/') || /^[A-Za-z]:/.test(withoutDot)) return { refused: `${quoted} is an absolute path.` };
  const parts = withoutDot.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) return { refused: `${quoted} climbs out of the release with "..".` };
  return { path: parts.join('/') };
}
