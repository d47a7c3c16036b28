import { createPartConfig } from '@portfolio/webpack-config';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'home',
  port: 3001,
  title: 'mf-home (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
