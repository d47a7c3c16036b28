// Jest settings every front-end workspace shares: jsdom, swc for TS/TSX, and the ESM-only
// markdown packages compiled to CommonJS like our own code.
const path = require('node:path');

module.exports = function frontendJestConfig(dir) {
  return {
    rootDir: dir,
    // the workspace's folder names its tests in the one run of them all (`npm run test:unit`)
    displayName: path.relative(__dirname, dir),
    // jsdom with Node's fetch API (Request, Response, TextEncoder...) that React Router's loaders use
    testEnvironment: 'jest-fixed-jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    // a form test types every field with user-event: 5 s (jest's default) ran out beside the build and the API tests
    testTimeout: 15_000,
    setupFilesAfterEnv: [path.join(__dirname, 'jest.frontend.setup.cjs')],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: { transform: { react: { runtime: 'automatic' } }, parser: { syntax: 'typescript', tsx: true } },
          module: { type: 'commonjs' },
        },
      ],
      '\\.md$': path.join(__dirname, 'jest.text-transform.cjs'),
    },
    transformIgnorePatterns: [],
    moduleNameMapper: {
      // tests read the contracts from source: no build needed before `npm run test:unit`
      '^@portfolio/contracts/(.*)$': path.join(__dirname, 'packages/contracts/src/$1'),
      // the contracts are NodeNext sources: their relative imports name the .js their .ts becomes
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '\\.(css)$': path.join(__dirname, 'jest.style-stub.cjs'),
      '\\.(png|jpe?g|webp|avif|svg|gif)$': path.join(__dirname, 'jest.file-stub.cjs'),
      '\\?(social-card|raster)$': path.join(__dirname, 'jest.file-stub.cjs'),
      '[?&]preview-card$': path.join(__dirname, 'jest.preview-cards-stub.cjs'),
      '[?&]preview-cards$': path.join(__dirname, 'jest.preview-cards-stub.cjs'),
      '\\?raster&views$': path.join(__dirname, 'jest.sprite-views-stub.cjs'),
    },
  };
};
