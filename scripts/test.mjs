#!/usr/bin/env node
// `npm test`: the contracts built once; then the API's build and tests, the front ends' build and the unit tests side
// by side, then the browser tests once those have ended. The static checks (format, and lint with every type check:
// ESLint reports `tsc -b`'s errors) run from the start to the end at the lowest CPU priority, both at once: they
// wait for no timer, so they take only the CPU that the timed lanes leave, in the first phase and in the browser
// tests' waits, and never slow a timed test. `npm test -- api checks` runs the lanes named. Each step's output is
// printed whole when it ends, with its time. A failed check does not stop its lane; a failed build skips the tests
// that need it. Any failure fails the run.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { api, libraries, repoRoot } from './parts.mjs';

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs a command, named `name` in the output. A step that runs beside another keeps its output until it ends, so
 * the two never interleave; one that runs alone (`live`) shows it as it comes. A `background` one runs at the lowest
 * CPU priority (nice 19), it and every process it starts: it takes what the others leave.
 */
function run(name, command, args, { live = false, background = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    });
    // before the command has started any process of its own: they inherit it
    if (background && child.pid) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
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
function npmRun(script, workspace, { live = false, background = false, args: extra = [] } = {}) {
  const args = [
    'run',
    script,
    '--silent',
    ...(workspace ? ['-w', workspace] : []),
    ...(extra.length ? ['--', ...extra] : []),
  ];
  return run([script, workspace, ...extra].filter(Boolean).join(' '), 'npm', args, { live, background });
}

/** The steps one after another, each run whatever the one before did. True when all passed. */
async function inTurn(steps) {
  let passed = true;
  for (const step of steps) passed = (await step()) && passed;
  return passed;
}

/**
 * The API's build, the API lane's first step: its tests run the repository's commands (`npm run owner:password`,
 * `npm run section:token`), which build the API when it is not built, and a fresh clone's would otherwise be
 * built twice (by a test, then by the production build, rewriting api/dist/ under the tests' commands).
 */
let apiBuild;
const apiBuilt = () => (apiBuild ??= npmRun('build', api));

/**
 * The production build: started once, by the first lane that needs it; the others wait for the same run. With
 * the API lane running, the front ends (the libraries are built already) and the API lane's build of the API.
 * Without webpack's cache: nothing later in the run builds these parts again (the release command's test builds a
 * copy of a section in a folder of its own), so writing it was CPU spent for nobody.
 */
let build;
const built = () =>
  (build ??= running('api')
    ? Promise.all([npmRun('build', undefined, { args: ['--front-ends-only', '--no-cache'] }), apiBuilt()]).then((all) =>
        all.every(Boolean),
      )
    : npmRun('build', undefined, { args: ['--no-cache'] }));

/** The other workspaces' unit and component tests in one jest run (jest.config.mjs): timed, so not in the background. */
let unit;
const unitTests = () => (unit ??= npmRun('test:unit'));

/**
 * The lanes. The API's tests and the unit tests run side by side with the build from the start; the browser tests
 * wait for the build and for those: beside them, renderer processes, replicas and browsers kept 2 cores at a load of
 * 15 and timing-bound tests failed (issue 19). The static checks run in the background throughout.
 */
const lanes = {
  /**
   * The API's build (its tests' commands run it), then its tests; beside them, those on the production build
   * (api/jest.config.js's "built" project) as soon as it is done: after the others they ran alone at the end of
   * the first phase, on one core of two (38 s of 370 in a fresh clone's run).
   */
  api: {
    name: 'API tests',
    run: () =>
      inTurn([
        apiBuilt,
        () =>
          Promise.all([
            npmRun('test', api, { args: ['--ignoreProjects', 'built'] }),
            built().then(
              (done) => done && npmRun('test', api, { args: ['--selectProjects', 'built', '--maxWorkers', '2'] }),
            ),
          ]).then((all) => all.every(Boolean)),
      ]),
  },
  /**
   * The unit tests, and the static checks at the lowest priority, all at once: one after another, the last of them
   * would run alone on one core of two once the browser tests end. Lint type-checks every project of tsconfig.json
   * as `tsc -b` does, from the programs its type-aware rules build (scripts/eslint-type-check.mjs; the contracts are
   * built already).
   */
  checks: {
    name: 'checks and unit tests',
    run: () =>
      Promise.all([
        unitTests(),
        npmRun('format:check', undefined, { background: true }),
        npmRun('lint:eslint', undefined, { background: true }),
      ]).then((all) => all.every(Boolean)),
  },
  browser: {
    name: 'build, then browser tests',
    run: async (timedWork) => {
      if (!(await built())) return false;
      await timedWork;
      return npmRun('e2e', 'e2e');
    },
  },
};

/** Which lanes: all, or those named (`npm test -- api checks`). */
const chosen = process.argv.slice(2);
const unknown = chosen.filter((lane) => !Object.hasOwn(lanes, lane));
if (unknown.length) {
  console.log(`No lane ${unknown.join(', ')}: the lanes are ${Object.keys(lanes).join(', ')}`);
  process.exit(2);
}
const running = (key) => chosen.length === 0 || chosen.includes(key);

const started = Date.now();
if (!(await inTurn(libraries.map((library) => () => npmRun('build', library, { live: true }))))) {
  console.log(`npm test failed after ${seconds(started)}: the contracts did not build`);
  process.exit(1);
}
/** A lane run, its verdict printed with its time when it ends. */
const timed = async ({ name, run: runLane }, ...args) => {
  const passed = await runLane(...args);
  console.log(`\n══ ${name}: ${passed ? 'passed' : 'FAILED'} in ${seconds(started)}`);
  return passed;
};
/** A lane named (or all), run; true for one not named. */
const lane = (key, ...args) => (running(key) ? timed(lanes[key], ...args) : true);
const apiLane = lane('api');
// what the browser tests wait for: the API lane and the unit tests, not the static checks in the background
const timedWork = Promise.all([apiLane, running('checks') && unitTests()]);
const results = await Promise.all([apiLane, lane('checks'), lane('browser', timedWork)]);
if (!results.every(Boolean)) {
  console.log(`npm test failed after ${seconds(started)}`);
  process.exit(1);
}
console.log(`npm test passed in ${seconds(started)}`);
