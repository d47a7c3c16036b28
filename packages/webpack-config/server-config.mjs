// The server half of a part's production build, written into its dist/server/: a remote's container
// for Node (loaded in a renderer, the API's sandboxed child process, from the release's files), or
// the shell's render module. Both share the browser build's loaders, so class names, picture URLs
// and markup match what the browser renders.
import path from 'node:path';
import { createRequire } from 'node:module';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { serverPublicPathMarker } from '@portfolio/parts';
import { pictureRules } from './picture-rules.mjs';
import { ReleaseFileListPlugin } from './plugins/release-file-list-plugin.mjs';
import { ServerManifestPlugin } from './plugins/server-manifest-plugin.mjs';
import { sharedSingletons } from './shared.mjs';
import { swcMinimizer } from './swc-minimizer.mjs';

const require = createRequire(import.meta.url);

function serverRules(part, production) {
  // the browser build's CSS module names (index.mjs), without the CSS
  const classNames = {
    loader: require.resolve('css-loader'),
    options: {
      modules: {
        auto: /\.module\.s?css$/,
        namedExport: false,
        exportLocalsConvention: 'as-is',
        exportOnlyLocals: true,
        localIdentName: production ? `${part.name}-[hash:base64:6]` : `${part.name}-[name]__[local]`,
      },
    },
  };
  return [
    {
      test: /\.tsx?$/,
      loader: require.resolve('ts-loader'),
      options: { configFile: path.join(part.dir, 'tsconfig.json'), transpileOnly: true },
    },
    // class names only: the browser build ships the stylesheets
    { test: /\.css$/, use: [classNames] },
    {
      test: /\.scss$/,
      use: [
        { ...classNames, options: { ...classNames.options, importLoaders: 1 } },
        { loader: require.resolve('sass-loader'), options: { implementation: require('sass') } },
      ],
    },
    { test: /\.md$/, type: 'asset/source' },
    ...pictureRules({ emit: false }),
  ];
}

function baseConfig(part, production) {
  return {
    name: 'server',
    dependencies: ['browser'],
    mode: production ? 'production' : 'development',
    context: part.dir,
    // a release's server files are under its URL too: no sourceMappingURL names a map, which is never served
    devtool: 'hidden-source-map',
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: { rules: serverRules(part, production) },
    // stack traces in the server's log keep every name (nothing mangled); code no export reaches is dropped: each
    // renderer process holds its modules' source and what they build, and all of simple-icons, imported for one
    // mark, cost every renderer 37 MB (docs/performance.md, "Server memory"). Non-ASCII characters escaped: V8
    // keeps a source with one character above U+00FF at two bytes a character.
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      minimizer: [
        swcMinimizer(
          {
            compress: { defaults: false, unused: true, dead_code: true, side_effects: true },
            mangle: false,
            format: { asciiOnly: true },
          },
          { extractComments: false },
        ),
      ],
    },
    cache: {
      type: 'filesystem',
      name: `${part.name}-server-${production ? 'production' : 'development'}`,
      buildDependencies: { config: [import.meta.filename, path.join(part.dir, 'webpack.config.mjs')] },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A remote's container for Node: the same `exposes` and singletons as its browser build. Its public
 * path is a marker (parts.mjs), so picture URLs come out as the browser build's once the render
 * module fills it in; chunks are found beside the entry's URL (the node runtime plugin's fallback).
 */
export function remoteServerConfig(part, production, browserRecord, outDir = path.join(part.dir, 'dist')) {
  return {
    ...baseConfig(part, production),
    target: 'async-node',
    entry: {},
    output: {
      path: path.join(outDir, 'server'),
      publicPath: serverPublicPathMarker(part.name),
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: `portfolio_${part.name}_server`,
      library: { type: 'commonjs-module' },
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: part.name,
        filename: 'remoteEntry.[contenthash:10].js',
        exposes: part.exposes,
        shared: sharedSingletons,
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: false,
        dts: false,
        experiments: { optimization: { target: 'node', disableRemote: true, disableSnapshot: true } },
      }),
      new ServerManifestPlugin({ name: part.name, browser: browserRecord }),
      new ReleaseFileListPlugin({ outDir }),
    ],
  };
}

/** The shell's render module (shell/dist/server/render.js): a renderer runs it. */
export function shellServerConfig(part, production, outDir = path.join(part.dir, 'dist')) {
  return {
    ...baseConfig(part, production),
    target: 'node',
    entry: { render: part.serverEntry },
    output: {
      path: path.join(outDir, 'server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    // one file: the worker loads it once per set of section builds
    plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 })],
  };
}
