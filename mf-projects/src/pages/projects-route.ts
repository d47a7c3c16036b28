import type { RemoteRouteModule } from '@portfolio/contracts/remote-routes';
import { projects } from '../projects';
import { ProjectsPage } from './projects-page';

export interface ProjectsLoaderData {
  projects: typeof projects;
}

export const projectsRoute = {
  Component: ProjectsPage,
  loader: (): ProjectsLoaderData => ({ projects }),
} satisfies RemoteRouteModule;
