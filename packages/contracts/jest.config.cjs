// The contracts are plain TypeScript: swc compiles the tests to CommonJS, no DOM needed.
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // NodeNext sources import './x.js'; in tests that is the .ts file beside it
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [require.resolve('@swc/jest'), { jsc: { parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
};
