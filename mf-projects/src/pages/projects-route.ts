import type { RemoteRouteModule, RouteHandle } from '@portfolio/contracts/remote-routes';
import { pageDescription } from '@portfolio/contracts/page-description';
import { isCodingProject, isOtherProject, projects } from '../projects';
import { ProjectsPage } from './projects-page';

export interface ProjectsLoaderData {
  projects: typeof projects;
}

const titles = (list: typeof projects) => list.map((project) => project.title).join(', ');

export const projectsRoute = {
  Component: ProjectsPage,
  loader: (): ProjectsLoaderData => ({ projects }),
  handle: {
    description: pageDescription(
      `Coding projects: ${titles(projects.filter(isCodingProject))}. Other projects: ${titles(projects.filter(isOtherProject))}.`,
    ),
  } satisfies RouteHandle,
} satisfies RemoteRouteModule;
