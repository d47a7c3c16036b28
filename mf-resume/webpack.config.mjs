import { createPartConfig } from '@portfolio/webpack-config';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'resume',
  port: 3004,
  title: 'mf-resume (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
