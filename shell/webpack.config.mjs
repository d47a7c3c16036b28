import { createPartConfig } from '@portfolio/webpack-config';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: 8080,
  title: 'Jordan Reyes',
  runtimePlugins: ['./src/federation/plugins/retry-plugin.ts', './src/federation/plugins/remote-error-plugin.ts'],
  devServer: {
    // `npm run dev`: the API runs on its own port, the remotes on theirs (public/remotes.dev.json).
    proxy: [{ context: ['/api'], target: 'http://localhost:3000' }],
    static: { directory: 'public', publicPath: '/' },
  },
});
