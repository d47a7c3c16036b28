// One webpack + module federation factory for the shell and every remote: each part's
// webpack.config.mjs is a few lines that call it with the part's name and port.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { defaultRemotesConfig, devPorts } from '@portfolio/parts';
import themeUnused from '@portfolio/ui/theme/unused-classes' with { type: 'json' };
import { pictureRules } from './picture-rules.mjs';
import { sharedSingletons } from './shared.mjs';
import { BrowserBuildRecordPlugin } from './plugins/browser-build-record-plugin.mjs';
import { StartupPreloadPlugin } from './plugins/startup-preload-plugin.mjs';
import { remoteServerConfig, shellServerConfig } from './server-config.mjs';
import { swcMinimizer } from './swc-minimizer.mjs';

const require = createRequire(import.meta.url);

/** react-router's package exports name only its development build (react-router #12532): production builds take the other. */
const reactRouterProduction = {
  'react-router$': path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
  'react-router/dom$': path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist/production/dom-export.mjs',
  ),
};

/** The shell ships a remotes.json naming every section of the parts manifest on the site's own origin. */
class DefaultRemotesConfigPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('DefaultRemotesConfigPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'DefaultRemotesConfigPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () =>
          compilation.emitAsset(
            'remotes.json',
            new sources.RawSource(`${JSON.stringify(defaultRemotesConfig(), null, 2)}\n`),
          ),
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir          the part's folder (import.meta.dirname of its config)
 * @param {import('@portfolio/parts').Remote} [options.remote]  a remote's entry in the parts manifest
 * @param {string} [options.name]       the shell: its federation name
 * @param {number} [options.port]       the shell: its dev server port
 * @param {Record<string,string>} [options.exposes]  remotes only: { './routes': './src/routes.tsx' }
 * @param {string} [options.title]      document title of the part's own index.html
 * @param {object} [options.devServer]  extra dev server settings (the shell's proxy)
 * @param {string[]} [options.runtimePlugins] federation runtime plugins (paths)
 * @param {string} [options.serverEntry] the shell: its render module's source, built for the server
 * @param {Array<{from: string, to: string}>} [options.publicFiles] files served as is beside index.html, under a
 *   name that does not change (the owner's portrait, which the structured data and /resume.json name)
 */
export function createPartConfig(options) {
  const part = options.remote
    ? {
        ...options,
        name: options.remote.name,
        port: options.remote.devPort,
        title: `${options.remote.folder} (standalone)`,
      }
    : options;
  // `--env outDir=<folder>` builds somewhere else than dist/ (the release command's temporary folder): the
  // site may serve dist/, and a build must never change what visitors get
  return (env, argv) => {
    const production = argv.mode === 'production';
    const outDir = env?.outDir ? path.resolve(env.outDir) : path.join(part.dir, 'dist');
    const isRemote = Boolean(part.exposes);
    // A remote's production build runs only inside the site, on the shell's federation runtime (the
    // shell's provide-runtime plugin): its entry leaves the runtime out. Its standalone page is a dev page.
    const hostedRemote = isRemote && production;
    // a part's own styles are CSS modules (*.module.css), scoped to it; other CSS is global
    const cssLoader = {
      loader: require.resolve('css-loader'),
      options: {
        modules: {
          auto: /\.module\.s?css$/,
          namedExport: false,
          exportLocalsConvention: 'as-is',
          localIdentName: production ? `${part.name}-[hash:base64:6]` : `${part.name}-[name]__[local]`,
        },
      },
    };
    // what the remote's server build needs to know of its browser build (filled while the browser build runs)
    const browserRecord = {};
    const browser = {
      name: 'browser',
      mode: production ? 'production' : 'development',
      context: part.dir,
      entry: hostedRemote ? {} : { main: './src/index.ts' },
      // production: maps beside the files, named by none of them (no sourceMappingURL) and never served: the server
      // reads a release's maps to name the source of visitors' errors (api/src/field/error-groups)
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        // Remotes resolve their chunks relative to wherever their entry was loaded from,
        // so the same build works behind any URL that remotes.json names.
        publicPath: isRemote ? 'auto' : '/',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `portfolio_${part.name}`,
        clean: true,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'], alias: production ? reactRouterProduction : {} },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: require.resolve('ts-loader'),
            // type checking is `npm run typecheck`'s job; the build only strips types
            // with its own maps, so that the build's maps name the TypeScript source's lines, not its output's
            options: {
              configFile: path.join(part.dir, 'tsconfig.json'),
              transpileOnly: true,
              compilerOptions: { sourceMap: true },
            },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, cssLoader] },
          // the site's Bootstrap theme (packages/ui/src/theme) is Sass, compiled by the pure-JS `sass`
          {
            test: /\.scss$/,
            use: [
              MiniCssExtractPlugin.loader,
              { ...cssLoader, options: { ...cssLoader.options, importLoaders: 2 } },
              // Bootstrap's components come whole; the theme names the variants no page shows
              {
                loader: path.join(import.meta.dirname, 'prune-css-loader.cjs'),
                options: { unusedClasses: themeUnused.classes },
              },
              {
                loader: require.resolve('sass-loader'),
                options: {
                  implementation: require('sass'),
                  // Bootstrap 5.3's Sass uses @import and global functions, which Sass deprecates
                  sassOptions: {
                    quietDeps: true,
                    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
                  },
                },
              },
            ],
          },
          { test: /\.md$/, type: 'asset/source' },
          ...pictureRules({ emit: true }),
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
            externalRuntime: hostedRemote,
          },
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        // the shell's page is the site; a remote's is its standalone dev page, the same for every remote
        ...(hostedRemote
          ? []
          : [
              new HtmlWebpackPlugin({
                template: isRemote
                  ? path.join(import.meta.dirname, 'standalone.html')
                  : path.join(part.dir, 'src/index.html'),
                title: part.title,
                scriptLoading: 'defer',
                // the shell's page keeps its comments: they mark where the server writes each page
                ...(isRemote
                  ? {}
                  : {
                      minify: production && {
                        collapseWhitespace: true,
                        keepClosingSlash: true,
                        removeComments: false,
                        removeRedundantAttributes: true,
                        useShortDoctype: true,
                      },
                    }),
              }),
            ]),
        // public/ is served as is, beside index.html (the shell's favicon).
        ...(existsSync(path.join(part.dir, 'public')) || part.publicFiles
          ? [
              new CopyPlugin({
                patterns: [
                  ...(existsSync(path.join(part.dir, 'public')) ? [{ from: 'public' }] : []),
                  ...(part.publicFiles ?? []),
                ],
              }),
            ]
          : []),
        ...(isRemote ? [] : [new DefaultRemotesConfigPlugin()]),
        ...(isRemote || !production ? [] : [new StartupPreloadPlugin()]),
        ...(isRemote && production
          ? [new BrowserBuildRecordPlugin({ entryFile: 'remoteEntry.js', record: browserRecord })]
          : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // swc's minifier instead of terser's two passes: a twentieth of the CPU, and with four passes output a
        // little smaller
        minimizer: [swcMinimizer({ compress: { passes: 4 } })],
        // html-webpack-plugin minifies index.html; webpack's own HTML minifier would drop the server's markers
        minimizeOptions: { html: false },
      },
      // rebuilds reuse unchanged modules (node_modules/.cache/webpack); a change to this factory,
      // the part's config or the manifest starts afresh
      cache: {
        type: 'filesystem',
        name: `${part.name}-${production ? 'production' : 'development'}`,
        buildDependencies: { config: [import.meta.filename, path.join(part.dir, 'webpack.config.mjs')] },
      },
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
    // production builds carry the server half too; `npm run dev` renders in the browser only
    if (!production) return browser;
    return [
      browser,
      isRemote
        ? remoteServerConfig(part, production, browserRecord, outDir)
        : shellServerConfig(part, production, outDir),
    ];
  };
}
