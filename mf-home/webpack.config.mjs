import { createPartConfig } from '@portfolio/webpack-config';
import { devPorts } from '@portfolio/webpack-config/dev-ports';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'home',
  port: devPorts.home,
  title: 'mf-home (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
