#!/usr/bin/env node
// `npm test`: the contracts built once; then three lanes, one after the other: the API's tests; the production
// build, then the browser tests; the format check, lint, every other workspace's unit tests in one jest run and
// every type check in one `tsc -b`, one at a time. Each step's output is printed whole when it ends, with its time. A failed check
// does not stop its lane; a failed build skips the tests that need it. Any failure fails the run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { api, libraries, repoRoot } from './parts.mjs';

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs a command, named `name` in the output. A step that runs beside another keeps its output until it ends, so
 * the two never interleave; one that runs alone (`live`) shows it as it comes.
 */
function run(name, command, args, { live = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n── ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(started)}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/** Runs `npm run <script> [-w workspace] [-- args]`. */
function npmRun(script, workspace, { live = false, args: extra = [] } = {}) {
  const args = [
    'run',
    script,
    '--silent',
    ...(workspace ? ['-w', workspace] : []),
    ...(extra.length ? ['--', ...extra] : []),
  ];
  return run([script, workspace, ...extra].filter(Boolean).join(' '), 'npm', args, { live });
}

const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');

/** The steps one after another; after a failed one the rest are skipped when `stopOnFailure`. True when all passed. */
async function inTurn(steps, { stopOnFailure = false } = {}) {
  let passed = true;
  for (const step of steps) {
    if (!passed && stopOnFailure) break;
    passed = (await step()) && passed;
  }
  return passed;
}

/** The production build: started once, by the first lane that needs it; the others wait for the same run. */
let build;
const built = () => (build ??= npmRun('build'));

/**
 * Three lanes: the API's tests (the tests on the build, api/jest.config.js's "built" project, end it and start
 * the build); the build, then the browser tests; the checks and unit tests.
 */
const lanes = [
  [
    'API tests',
    () =>
      inTurn([
        () => npmRun('test', api, { args: ['--ignoreProjects', 'built'] }),
        async () => (await built()) && npmRun('test', api, { args: ['--selectProjects', 'built'] }),
      ]),
  ],
  ['build, then browser tests', () => inTurn([built, () => npmRun('e2e', 'e2e')], { stopOnFailure: true })],
  [
    'checks and unit tests',
    () =>
      inTurn([
        () => npmRun('format:check'),
        () => npmRun('lint:eslint'),
        // every workspace's unit and component tests (the API's aside) in one jest run: jest.config.mjs
        () => npmRun('test:unit'),
        // every workspace's type check in one `tsc -b` (tsconfig.json); the contracts are built already
        () => run('tsc -b', process.execPath, [tsc, '-b']),
      ]),
  ],
];

const started = Date.now();
if (!(await inTurn(libraries.map((library) => () => npmRun('build', library, { live: true }))))) {
  console.log(`npm test failed after ${seconds(started)}: the contracts did not build`);
  process.exit(1);
}
// One lane at a time: side by side, the renderer processes, replicas and browsers of three lanes kept 2 cores at
// a load of 15 and timing-bound tests failed; alone, each lane keeps the machine busy by itself.
const results = [];
for (const [name, lane] of lanes) {
  const laneStarted = Date.now();
  const passed = await lane();
  console.log(`\n══ ${name}: ${passed ? 'passed' : 'FAILED'} in ${seconds(laneStarted)}`);
  results.push(passed);
}
if (!results.every(Boolean)) {
  console.log(`npm test failed after ${seconds(started)}`);
  process.exit(1);
}
console.log(`npm test passed in ${seconds(started)}`);
