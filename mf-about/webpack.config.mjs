import { createPartConfig } from '@portfolio/webpack-config';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'about',
  port: 3002,
  title: 'mf-about (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
