// The API is ESM (NestJS 12): jest runs it with --experimental-vm-modules and swc keeps `import`.
// The API tests run twice, once per storage: the embedded PGlite and PostgreSQL (a throwaway cluster).
import { postgresBin } from '@portfolio/stand-ins/postgres-cluster';
import { skipWithout } from '@portfolio/stand-ins/required-tools';

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

const apiTests = ['<rootDir>/test/**/*.e2e-spec.ts'];

/** @type {import('jest').Config[]} */
const projects = [
  { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
  {
    ...common,
    displayName: 'pglite',
    testMatch: apiTests,
    // several replicas (replicas, owner-replicas, owner-sections-replicas) need a database server; one process owns a PGlite folder
    testPathIgnorePatterns: ['replicas\\.e2e-spec\\.ts$'],
    globals: { TEST_STORAGE: 'pglite' },
    globalSetup: '<rootDir>/test/pglite-template.setup.mjs',
    globalTeardown: '<rootDir>/test/pglite-template.teardown.mjs',
  },
];
if (postgresBin()) {
  projects.push({
    ...common,
    displayName: 'postgres',
    testMatch: apiTests,
    // server-rendered pages read no storage: the pglite run covers them
    testPathIgnorePatterns: ['/site-pages\\.e2e-spec\\.ts$', '/owner-sections-real-build\\.e2e-spec\\.ts$'],
    globals: { TEST_STORAGE: 'postgres' },
    globalSetup: '<rootDir>/test/postgres-cluster.setup.mjs',
    globalTeardown: '<rootDir>/test/postgres-cluster.teardown.mjs',
  });
} else {
  console.warn(skipWithout('PostgreSQL'));
}

/** @type {import('jest').Config} */
export default { projects, testTimeout: 30000 };
