import MinimizerPlugin from 'minimizer-webpack-plugin';

/**
 * swc's minifier (native), run in webpack's own process: a worker would only copy chunks to it, and swc uses
 * threads of its own. The browser builds and the server builds differ only in its options.
 * @param {Record<string, unknown>} minimizerOptions swc's `compress`, `mangle` and `format`
 * @param {Record<string, unknown>} [extra] the plugin's own other options
 */
export const swcMinimizer = (minimizerOptions, extra = {}) =>
  new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions, parallel: false, ...extra });
