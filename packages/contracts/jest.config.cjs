const base = require('../../jest.frontend.cjs')(__dirname);
module.exports = { ...base, testEnvironment: 'node' };
