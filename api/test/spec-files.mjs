// Which API spec files (test/*.e2e-spec.ts) each storage's jest project runs (the reasoning is in api/jest.config.js),
// and the groups a whole run of a project loads them in (test/groups/, test/spec-group.ts).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const testDir = path.dirname(fileURLToPath(import.meta.url));

/** The specs on the production build: a project of their own ("built"). */
export const builtSpecs = '-real-build\\.e2e-spec\\.ts$';

/** testPathIgnorePatterns of each storage's project. */
export const ignoredSpecs = {
  // several replicas (replicas, owner-replicas, owner-sections-replicas) need a database server; one process owns a PGlite folder
  pglite: ['replicas\\.e2e-spec\\.ts$', builtSpecs],
  postgres: [
    '/(site-pages|http|public-origin|download|request-logs|server-flags|hostile-releases-boundary|release-archives|owner-sections-guards)\\.e2e-spec\\.ts$',
    builtSpecs,
  ],
};

/** The spec files `storage`'s project runs, as absolute paths, sorted. */
export function specFiles(storage) {
  const ignored = ignoredSpecs[storage].map((pattern) => new RegExp(pattern));
  return readdirSync(testDir)
    .filter((name) => name.endsWith('.e2e-spec.ts'))
    .map((name) => path.join(testDir, name))
    .filter((file) => !ignored.some((pattern) => pattern.test(file)))
    .sort();
}

/** How many groups a whole run of a project loads its specs in: one per jest worker (jest.config.js's maxWorkers). */
export const groupCount = 4;

/**
 * The specs of group `index` (1 to groupCount) of `storage`'s project: the files dealt largest first to the group
 * with the fewest bytes so far, so the groups take about as long (a file's size follows its tests' count).
 */
export function groupOf(storage, index) {
  const groups = Array.from({ length: groupCount }, () => ({ bytes: 0, files: [] }));
  const bySize = specFiles(storage)
    .map((file) => ({ file, bytes: statSync(file).size }))
    .sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
  for (const { file, bytes } of bySize) {
    const smallest = groups.reduce((least, group) => (group.bytes < least.bytes ? group : least));
    smallest.bytes += bytes;
    smallest.files.push(file);
  }
  return groups[index - 1].files.sort();
}
