// A sprite's views in tests (`?raster&views`): every view id names a picture, as the raster loader's map does.
module.exports = {
  __esModule: true,
  default: new Proxy({}, { get: (_, id) => (typeof id === 'string' ? `test-file-stub-${id}` : undefined) }),
};
