// Contracts are ESM for Node; their tests run through swc as CommonJS like the front ends' tests.
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': [require.resolve('@swc/jest'), { module: { type: 'commonjs' } }] },
};
