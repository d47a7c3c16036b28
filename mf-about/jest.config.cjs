const path = require('node:path');
const shared = require('../jest.frontend.cjs')(__dirname);

// Photos resolve for real and stand for their file name, so tests see which file went where
// and a missing photo fails as it would in the build.
const { '\\.(png|jpe?g|webp|avif|svg|gif)$': fileStub, ...moduleNameMapper } = shared.moduleNameMapper;
module.exports = {
  ...shared,
  moduleNameMapper: { ...moduleNameMapper, '\\.(png|jpe?g|avif|svg|gif)$': fileStub },
  transform: { ...shared.transform, '\\.webp$': path.join(__dirname, 'jest.photo-name.cjs') },
};
