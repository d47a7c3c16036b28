module.exports = require('../../jest.frontend.cjs')(__dirname);
