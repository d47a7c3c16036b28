import type { RemoteRoutes } from '@portfolio/contracts/remote-routes';
import { projectsRoute } from './pages/projects-route';

/**
 * This remote's side of the federation contract: the Projects list, and a project's page in a
 * chunk of its own (markdown and highlighting), fetched only when a project is opened.
 */
const routes = {
  projects: projectsRoute,
  project: () => import('./pages/project-route').then((module) => module.projectRoute),
} satisfies RemoteRoutes<'projects'>;

export default routes;
