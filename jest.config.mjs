// `npm run test:unit`: one jest run for every workspace's unit and component tests, each workspace a project
// with its own configuration (its jest.config.cjs or its package.json's "jest"). The API's tests are not here:
// they run on two storage engines with servers of their own (api/jest.config.js, `npm test -w api`).
// Run with `node --experimental-vm-modules` (as the script does): the packages' tests are ES modules.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from './packages/parts/parts.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const frontendJestConfig = createRequire(import.meta.url)('./jest.frontend.cjs');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
/** The workspaces whose own `npm test` runs jest on their unit tests: every one with a test script but the API. */
const unitTested = workspaces.filter(
  (workspace) =>
    workspace !== api.folder &&
    JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')).scripts?.test !== undefined,
);

/**
 * Two workers on two cores: the tests wait on jsdom and timers part of the time (one run of all 60 files took 69 s
 * with two workers against 88 s with one, at a load of 14 to 17; jest's default is one fewer than the cores).
 * @type {import('jest').Config}
 */
export default {
  projects: unitTested.map((workspace) => `<rootDir>/${workspace}`),
  maxWorkers: '100%',
  // a run of several projects reads no project's own testTimeout: jest.frontend.cjs's, said again
  testTimeout: frontendJestConfig(root).testTimeout,
};
