// The parts of the site, in build order, and where each one's sources and output live.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Built first: everything else imports them. */
export const libraries = ['packages/contracts'];
/** The five front-end parts (built two at a time: this machine has two cores). */
export const frontEnds = ['shell', 'mf-home', 'mf-about', 'mf-projects', 'mf-resume'];
export const api = 'api';

/** What a part's build reads: its own sources plus the shared packages. */
export function sourcesOf(part) {
  return [part, 'packages', 'types', 'tsconfig.json'].map((dir) => path.join(repoRoot, dir));
}
