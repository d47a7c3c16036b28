import { createRequire } from 'node:module';
import { createPartConfig } from '@portfolio/webpack-config';
import site from '@portfolio/content/site.json' with { type: 'json' };
import { devPorts, remoteBasePath, remoteNames, shell } from '@portfolio/parts';
import { ownerPortraitPath } from '@portfolio/contracts/structured-data';

const require = createRequire(import.meta.url);

export default createPartConfig({
  dir: import.meta.dirname,
  name: shell.name,
  port: shell.devPort,
  title: site.ownerName,
  serverEntry: './src/server/render-module.ts',
  // the owner's portrait at a fixed URL: the pages' structured data and /resume.json name it
  publicFiles: [{ from: require.resolve('@portfolio/content/profile.svg'), to: ownerPortraitPath.slice(1) }],
  runtimePlugins: [
    './src/federation/plugins/provide-runtime-plugin.ts',
    './src/federation/plugins/retry-plugin.ts',
    './src/federation/plugins/remote-error-plugin.ts',
  ],
  devServer: {
    // `npm run dev`: the same URLs as `npm start` (the built remotes.json), proxied to each part's own dev server.
    proxy: [
      { context: ['/api'], target: `http://localhost:${devPorts.api}` },
      ...remoteNames.map((name) => ({
        context: [remoteBasePath(name)],
        target: `http://localhost:${devPorts[name]}`,
        pathRewrite: { [`^${remoteBasePath(name)}`]: '/' },
      })),
    ],
    static: { directory: 'public', publicPath: '/' },
  },
});
