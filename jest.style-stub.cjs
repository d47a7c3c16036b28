// CSS modules in tests: a class name is its own key, so markup stays readable.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
