// The contracts are plain TypeScript: swc compiles the tests to CommonJS, no DOM needed.
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [require.resolve('@swc/jest'), { jsc: { parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
};
