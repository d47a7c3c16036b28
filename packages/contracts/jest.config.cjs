const path = require('node:path');

const base = require('../../jest.frontend.cjs')(__dirname);
const modules = path.join(__dirname, '../../node_modules');
module.exports = {
  ...base,
  testEnvironment: 'node',
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // jsonresume-theme-even's CommonJS build requires @rbardini/html, which is ESM only: the tests (CommonJS, as
    // swc compiles them) read both packages' ESM sources, compiled like our own code
    '^jsonresume-theme-even$': path.join(modules, 'jsonresume-theme-even/dist/index.js'),
    '^@rbardini/html$': path.join(modules, '@rbardini/html/esm/mod.js'),
  },
};
