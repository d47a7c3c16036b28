import { createPartConfig } from '@portfolio/webpack-config';
import { devPorts } from '@portfolio/webpack-config/dev-ports';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'projects',
  port: devPorts.projects,
  title: 'mf-projects (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
