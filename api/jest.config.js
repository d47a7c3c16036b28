// The API is ESM (NestJS 12): jest runs it with --experimental-vm-modules and swc keeps `import`.
// The API tests run twice, once per storage: the embedded PGlite and PostgreSQL (a throwaway cluster).
import { postgresBin } from '@portfolio/stand-ins/postgres-cluster';
import { skipWithout } from '@portfolio/stand-ins/required-tools';
import { ignoredSpecs } from './test/spec-files.mjs';

/** @type {import('jest').Config} */
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // tests read the contracts from source: no build needed before `npm run test:unit`
    '^@portfolio/contracts/(.*)$': '<rootDir>/../packages/contracts/src/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
        },
        module: { type: 'es6' },
      },
    ],
  },
};

// the spec files, and the groups a whole run of a project loads them in (test/spec-group.ts)
const apiTests = ['<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/test/groups/*.e2e-group.ts'];
// the tests that read the production build (`npm run build`) have a project of their own, so that
// `npm test` can run them once the build is done and the rest beside the build
const builtTests = ['<rootDir>/test/**/*-real-build.e2e-spec.ts'];
const pglite = {
  globals: { TEST_STORAGE: 'pglite' },
  globalSetup: '<rootDir>/test/pglite-template.setup.mjs',
  globalTeardown: '<rootDir>/test/pglite-template.teardown.mjs',
};

/** @type {import('jest').Config[]} */
const projects = [
  { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
  {
    ...common,
    displayName: 'pglite',
    testMatch: apiTests,
    // several replicas (replicas, owner-replicas, owner-sections-replicas) need a database server: test/spec-files.mjs
    testPathIgnorePatterns: ignoredSpecs.pglite,
    ...pglite,
  },
  // server-rendered pages read no storage: PGlite is enough
  { ...common, displayName: 'built', testMatch: builtTests, ...pglite },
];
if (postgresBin()) {
  projects.push({
    ...common,
    displayName: 'postgres',
    testMatch: apiTests,
    // Which specs run on PostgreSQL too is decided per file, by what its tests prove (docs/testing.md):
    // - both engines when an outcome lies in what storage keeps or does: rows written and read back (messages,
    //   sessions, releases, tokens, experiments, measurements, rate-limit counters), a restart or a second replica
    //   on the same data, the database's own behaviour (a trigger, a lost connection, writers at once), or what
    //   the storage puts in the server's environment (DATABASE_URL, which renderer-sandbox keeps from section code);
    // - PGlite alone when every outcome is decided before storage is asked (pages, HTTP, origins, files,
    //   processes) and storage only sets up a session or a token (owner-auth and deploy-tokens prove those on
    //   both): server-rendered pages, HTTP basics, the public origin, the PDF, request logs, the server's flags,
    //   the renderers' boundary, hostile release archives (refused before a row is written) and the guards of the
    //   owner's section calls (401, 403 and 4xx before any change);
    // - and inside a file that runs on both, a test of the second kind is `itOnOneStorage` (test/test-storage.ts)
    // - the list: test/spec-files.mjs
    testPathIgnorePatterns: ignoredSpecs.postgres,
    globals: { TEST_STORAGE: 'postgres' },
    globalSetup: '<rootDir>/test/postgres-cluster.setup.mjs',
    globalTeardown: '<rootDir>/test/postgres-cluster.teardown.mjs',
  });
} else {
  console.warn(skipWithout('PostgreSQL'));
}

// the tests wait on servers, sockets and timers much of the time: 4 workers keep 2 cores busy (alone,
// 214 s with one worker, 75 s with four)
/** @type {import('jest').Config} */
// 90 s a test: renderer processes and replicas start in seconds alone, and `npm test` runs three lanes on 2 cores
// A run of a whole project takes its groups of spec files, a run naming files those files (test/spec-sequencer.mjs).
export default { projects, testTimeout: 90_000, maxWorkers: 4, testSequencer: '<rootDir>/test/spec-sequencer.mjs' };
