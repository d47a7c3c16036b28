// Jest settings every front-end workspace shares: jsdom, swc for TS/TSX, and the ESM-only
// packages (the markdown ones...) compiled to CommonJS like our own code.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

/** Each package folder in `modules` (scoped ones too) with its name; none when there is no such folder. */
function* packagesIn(modules) {
  let entries = [];
  try {
    entries = readdirSync(modules);
  } catch {
    // no node_modules here
  }
  for (const entry of entries) {
    if (entry.startsWith('.')) continue;
    if (!entry.startsWith('@')) yield { folder: path.join(modules, entry), name: entry };
    else
      for (const scoped of readdirSync(path.join(modules, entry))) {
        yield { folder: path.join(modules, entry, scoped), name: `${entry}/${scoped}` };
      }
  }
}

/**
 * The names of the installed packages that are ES modules ("type": "module"), at the top of node_modules and one
 * level below: jest's CommonJS runtime needs them compiled. The rest of node_modules is CommonJS already and is
 * loaded as it is (compiling all of it, react-dom, sass and simple-icons included, once per workspace, was a quarter
 * of the run's CPU).
 */
function esmPackages() {
  const names = new Set();
  const isModule = (folder) => {
    try {
      return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).type === 'module';
    } catch {
      return false; // a folder without a package.json is no package
    }
  };
  for (const top of packagesIn(path.join(__dirname, 'node_modules'))) {
    for (const { folder, name } of [top, ...packagesIn(path.join(top.folder, 'node_modules'))]) {
      if (isModule(folder)) names.add(name);
    }
  }
  return [...names];
}

let ignoredModules;
/**
 * A file in node_modules is left as it is unless its package (the last node_modules/<name>/ of its path) is an ES
 * module package or the file is an .mjs (CommonJS packages ship those for the browser's "import" condition).
 */
function transformIgnorePattern() {
  ignoredModules ??= `/node_modules/(?!(?:${esmPackages()
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})/)(?!.*/node_modules/)(?!.*\\.mjs$)`;
  return ignoredModules;
}

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
    transformIgnorePatterns: [transformIgnorePattern()],
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
