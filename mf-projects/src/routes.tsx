import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { RemoteRoutes, RouteHandle } from '@portfolio/contracts/remote-routes';
import { loadProject, projects, type Project } from './projects';
import { ProjectsPage } from './pages/projects-page';
import { ProjectPage } from './pages/project-page';

export interface ProjectsLoaderData {
  projects: typeof projects;
}
export interface ProjectLoaderData {
  project: Project;
}

/** This remote's side of the federation contract: the Projects list and a project's detail page. */
const routes = {
  projects: {
    Component: ProjectsPage,
    loader: (): ProjectsLoaderData => ({ projects }),
  },
  project: {
    Component: ProjectPage,
    // SPEC: the project whose id equals the route parameter; no such project sends the visitor to the list.
    loader: async ({ params }: LoaderFunctionArgs) => {
      try {
        return { project: await loadProject(params.projectId) } satisfies ProjectLoaderData;
      } catch {
        return redirect('/projects');
      }
    },
    handle: {
      title: (data: unknown) => (data as ProjectLoaderData | undefined)?.project.title,
    } satisfies RouteHandle,
  },
} satisfies RemoteRoutes<'projects'>;

export default routes;
