import { createPartConfig } from '@portfolio/webpack-config';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'projects',
  port: 3003,
  title: 'mf-projects (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
