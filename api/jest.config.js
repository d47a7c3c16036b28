// The API is ESM (NestJS 12): jest runs it with --experimental-vm-modules and swc keeps `import`.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
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
  testTimeout: 30000,
};
