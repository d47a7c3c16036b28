// A sprite of icons in tests (`?raster&views`): one picture, every view id a 24 px square of it, as the
// raster loader's module describes a sprite.
module.exports = {
  __esModule: true,
  default: {
    url: 'test-file-stub',
    width: 240,
    height: 24,
    views: new Proxy({}, { get: (_, id) => (typeof id === 'string' ? [0, 0, 24, 24] : undefined) }),
  },
};
