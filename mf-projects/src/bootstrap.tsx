import { renderStandalone } from '@portfolio/ui/standalone-app';
import routes from './routes';

renderStandalone('mf-projects', [
  { path: 'projects', ...routes.projects, children: [{ path: 'project/:projectId', lazy: routes.project }] },
]);
