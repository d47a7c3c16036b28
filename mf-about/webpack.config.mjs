import { createPartConfig } from '@portfolio/webpack-config';
import { devPorts } from '@portfolio/webpack-config/dev-ports';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'about',
  port: devPorts.about,
  title: 'mf-about (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
