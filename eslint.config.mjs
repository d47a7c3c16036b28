// Lint rules for the whole tree (npm run lint, the first step of npm test). Module boundaries are
// derived from the parts manifest, so a new section is bounded like the others without an edit here.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { api, remotes, shell } from './packages/parts/parts.mjs';
import typeCheck, { typeCheckedJavaScript } from './scripts/eslint-type-check.mjs';

const remoteFolders = remotes.map((remote) => remote.folder);
const routerPackages = ['react-router', 'react-router-dom', 'react-router/dom'];
/** The API's live-sections modules: only the modules and the public service are imported from outside them. */
const liveSections = './api/src/live-sections';
/** The JavaScript files of the projects tsconfig.json references: type-checked with their program, as by tsc -b. */
const checkedJavaScript = typeCheckedJavaScript(import.meta.dirname);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      'data/',
      'e2e/.artifacts/',
      'screenshots/',
      'test-results/',
      'playwright-report/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,

  // TypeScript: the strict rule sets, with type information from each workspace's tsconfig.json.
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // numbers and booleans in template strings read fine; objects are still refused
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // NestJS modules are classes with decorators and no members
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      // `onClick={() => setOpen(true)}` is clear; a void value used anywhere else is still refused
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/array-type': ['error', { default: 'array-simple' }],
      // Off: the two dearest type-aware rules (with them, ESLint took 129 CPU-s of the tree; without, 112) for
      // nothing found. This code declares no enum, so the first can only weigh a library's enum against a literal;
      // the second's one finding in the whole tree was Nest's options object, typed as a class and passed as a plain
      // object as Nest's own documentation does (docs/decisions/0034-the-test-suite-is-cut-in-cpu-seconds.md).
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // an empty string is as unset as undefined for environment variables and form fields
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // loaders throw React Router's responses (redirect, data) on purpose: that is its API
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },

  // The type check (`tsc -b`'s errors) from the programs the type-aware rules build: scripts/eslint-type-check.mjs.
  {
    files: checkedJavaScript,
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.{ts,tsx}', ...checkedJavaScript],
    plugins: { 'type-check': typeCheck },
    rules: { 'type-check/diagnostics': 'error' },
  },

  // Plain JavaScript: Node scripts and configs, in the browser nowhere.
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_' }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },

  // React in every front end and shared UI package.
  {
    files: ['**/*.tsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    settings: { react: { version: 'detect' } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['api/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },

  // Tests: jest globals; a test may reach into what it checks.
  {
    files: ['**/*.{test,spec,e2e-spec}.{ts,tsx,mjs}', '**/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // jest's asymmetric matchers (expect.objectContaining...) are typed any
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },

  // Module boundaries: a remote imports neither another remote nor the shell; the shell no remote;
  // a package no part. Parts meet only through ./routes at run time and through packages/.
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: { project: ['*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true },
        node: true,
      },
      'boundaries/include': ['**/*.{ts,tsx,mjs,cjs,js,json}'],
      'boundaries/elements': [
        { type: 'remote', pattern: `{${remoteFolders.join(',')}}`, capture: ['folder'] },
        { type: 'shell', pattern: shell.folder },
        { type: 'api', pattern: api.folder },
        { type: 'e2e', pattern: 'e2e' },
        { type: 'package', pattern: 'packages/*', capture: ['name'] },
        { type: 'scripts', pattern: 'scripts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.element.type }} may not import {{ to.element.type }} (see docs/architecture.md, "The parts")',
          policies: [
            {
              from: { element: { type: 'remote' } },
              allow: [
                { to: { element: { type: 'package' } } },
                // its own files: the same remote folder as the importing file
                { to: { element: { type: 'remote', captured: { folder: '{{ from.element.captured.folder }}' } } } },
              ],
            },
            { from: { element: { type: 'shell' } }, allow: { to: { element: { type: ['package', 'shell'] } } } },
            { from: { element: { type: 'api' } }, allow: { to: { element: { type: ['package', 'api'] } } } },
            { from: { element: { type: 'package' } }, allow: { to: { element: { type: 'package' } } } },
            { from: { element: { type: 'e2e' } }, allow: { to: { element: { type: ['package', 'e2e'] } } } },
            // the scripts drive the browser the way the e2e suite does (its Chromium flags)
            {
              from: { element: { type: 'scripts' } },
              allow: { to: { element: { type: ['package', 'scripts', 'e2e'] } } },
            },
          ],
        },
      ],
    },
  },

  // No import cycles anywhere; inside the API, zones keep each module's boundary (docs/architecture.md, "The API").
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver(),
      ],
    },
    // packages' own files are never part of a cycle of ours: not followed (and ESLint stays quick)
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./api/src/!(live-sections|experiments)/**/*', './api/src/*.ts', './api/test/**/*'],
              from: liveSections,
              except: [
                './live-sections.module.ts',
                './live-sections.service.ts',
                './releases/releases.module.ts',
                './releases/serve-releases.ts',
              ],
              message: 'Outside live-sections/, ask its public service (LiveSections) or import its module.',
            },
            // experiments promote a release, write the section's history and read what is live, as the module exports
            {
              target: ['./api/src/experiments/**/*'],
              from: liveSections,
              except: [
                './live-sections.module.ts',
                './live-sections.service.ts',
                './releases/releases.module.ts',
                './releases/section-releases.service.ts',
                // a token's rollout is let in as a token's other calls are
                './releases/deploy-token.guard.ts',
                './store/section-history.ts',
                './store/live-config.ts',
              ],
              message: 'experiments/ use what live-sections.module.ts exports to them, nothing else of live-sections/.',
            },
            // inside live-sections/, each seam uses only those below it: store <- renderers <- which build <- releases
            {
              target: `${liveSections}/store`,
              from: liveSections,
              except: ['./store'],
              message:
                'store/ (what is live and kept) is the bottom of live-sections/: it renders, checks and decides nothing.',
            },
            {
              target: `${liveSections}/renderers`,
              from: liveSections,
              except: ['./store', './renderers'],
              message: 'renderers/ run a build that store/ keeps; which build a request gets is decided above them.',
            },
            {
              target: `${liveSections}/*.ts`,
              from: `${liveSections}/releases`,
              message: 'Which build serves a request is decided without releases/ (shipping), which sits above it.',
            },
            {
              target: liveSections,
              from: './api/src/site',
              message: 'live-sections/ is below site/: pages ask LiveSections, never the other way round.',
            },
            {
              target: './api/src/owner',
              from: [liveSections, './api/src/site'],
              message: 'owner/ (sessions, password, inbox) is below live-sections/ and site/, which use it.',
            },
          ],
        },
      ],
    },
  },

  // React Router is shared as one singleton through @portfolio/router: only that package imports it.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['packages/router/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: routerPackages.map((name) => ({
            name,
            message: 'Import the router from @portfolio/router: a second copy would be a second router.',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },

  // Formatting is Prettier's (npm run format); no lint rule argues with it.
  prettier,
);
