import { createPartConfig } from '@portfolio/webpack-config';
import { devPorts } from '@portfolio/webpack-config/dev-ports';

export default createPartConfig({
  dir: import.meta.dirname,
  name: 'resume',
  port: devPorts.resume,
  title: 'mf-resume (standalone)',
  exposes: { './routes': './src/routes.tsx' },
});
