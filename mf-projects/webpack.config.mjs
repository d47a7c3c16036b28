import { createPartConfig } from '@portfolio/webpack-config';
import { remoteByName } from '@portfolio/parts';

export default createPartConfig({
  dir: import.meta.dirname,
  remote: remoteByName('projects'),
  exposes: { './routes': './src/routes.tsx' },
});
