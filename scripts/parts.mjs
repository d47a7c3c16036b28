// The parts of the site in build order, and where each one's sources and output live
// (the parts themselves are listed once, in packages/parts/parts.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api as apiPart, frontEndFolders, libraries as libraryFolders } from '../packages/parts/parts.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Built first: everything else imports them. */
export const libraries = [...libraryFolders];
/** The five front-end parts. */
export const frontEnds = frontEndFolders;
export const api = apiPart.folder;

/** What a part's build reads: its own sources plus the shared packages. */
export function sourcesOf(part) {
  return [part, 'packages', 'types', 'tsconfig.base.json'].map((dir) => path.join(repoRoot, dir));
}
