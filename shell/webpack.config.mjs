import { createPartConfig } from '@portfolio/webpack-config';
import { devPorts } from '@portfolio/webpack-config/dev-ports';

const remotes = ['home', 'about', 'projects', 'resume'];

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: devPorts.shell,
  title: 'Jordan Reyes',
  runtimePlugins: ['./src/federation/plugins/retry-plugin.ts', './src/federation/plugins/remote-error-plugin.ts'],
  devServer: {
    // `npm run dev`: the same URLs as `npm start` (public/remotes.json), proxied to each part's own dev server.
    proxy: [
      { context: ['/api'], target: `http://localhost:${devPorts.api}` },
      ...remotes.map((name) => ({
        context: [`/mf/${name}`],
        target: `http://localhost:${devPorts[name]}`,
        pathRewrite: { [`^/mf/${name}`]: '' },
      })),
    ],
    static: { directory: 'public', publicPath: '/' },
  },
});
