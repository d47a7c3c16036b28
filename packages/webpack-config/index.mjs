// One webpack + module federation factory for the shell and every remote: each part's
// webpack.config.mjs is a few lines that call it with the part's name and port.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { devPorts } from './dev-ports.mjs';
import { sharedSingletons } from './shared.mjs';

const require = createRequire(import.meta.url);

/**
 * @param {object} part
 * @param {string} part.dir          the part's folder (import.meta.dirname of its config)
 * @param {string} part.name         federation name: shell, home, about, projects, resume
 * @param {number} part.port         dev server port
 * @param {Record<string,string>} [part.exposes]  remotes only: { './routes': './src/routes.tsx' }
 * @param {string} [part.title]      document title of the part's own index.html
 * @param {object} [part.devServer]  extra dev server settings (the shell's proxy)
 * @param {string[]} [part.runtimePlugins] federation runtime plugins (paths)
 */
export function createPartConfig(part) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const isRemote = Boolean(part.exposes);
    return {
      mode: production ? 'production' : 'development',
      context: part.dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(part.dir, 'dist'),
        // Remotes resolve their chunks relative to wherever their entry was loaded from,
        // so the same build works behind any URL that remotes.json names.
        publicPath: isRemote ? 'auto' : '/',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `portfolio_${part.name}`,
        clean: true,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: require.resolve('ts-loader'),
            options: { configFile: path.join(part.dir, 'tsconfig.json'), onlyCompileBundledFiles: true },
          },
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              {
                loader: require.resolve('css-loader'),
                options: {
                  modules: {
                    auto: /\.module\.css$/,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: production ? `${part.name}-[hash:base64:6]` : `${part.name}-[name]__[local]`,
                  },
                },
              },
            ],
          },
          { test: /\.md$/, type: 'asset/source' },
          { test: /\.(png|jpe?g|webp|avif|svg|gif|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: part.name,
          filename: isRemote ? 'remoteEntry.js' : undefined,
          exposes: part.exposes,
          shared: sharedSingletons,
          // 'loaded-first' never fetches a remote's entry just to negotiate shared versions:
          // a remote's code is requested only when one of its routes is.
          shareStrategy: 'loaded-first',
          runtimePlugins: part.runtimePlugins,
          manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
          // Leave out runtime code the site never runs: Node loading everywhere, and in a remote
          // (which loads no other remote) the remote-loading and manifest-snapshot code.
          experiments: {
            optimization: isRemote ? { target: 'web', disableRemote: true, disableSnapshot: true } : { target: 'web' },
          },
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        new HtmlWebpackPlugin({
          // the shell's page is the site; a remote's is its standalone dev page, the same for every remote
          template: isRemote
            ? path.join(import.meta.dirname, 'standalone.html')
            : path.join(part.dir, 'src/index.html'),
          title: part.title,
          scriptLoading: 'defer',
        }),
        // public/ is served as is, beside index.html (the shell's remotes.json and favicon).
        ...(existsSync(path.join(part.dir, 'public')) ? [new CopyPlugin({ patterns: [{ from: 'public' }] })] : []),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      performance: { hints: false },
      devServer: {
        port: part.port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
        // a standalone remote calls the API on its own origin, as in the site
        proxy: [{ context: ['/api'], target: `http://localhost:${devPorts.api}` }],
        ...part.devServer,
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
}
