import { createPartConfig } from '@portfolio/webpack-config';
import { remoteByName } from '@portfolio/parts';

export default createPartConfig({
  dir: import.meta.dirname,
  remote: remoteByName('about'),
  exposes: { './routes': './src/routes.tsx' },
});
