import { redirect, type LoaderFunctionArgs } from '@portfolio/router';
import type { RemoteRouteModule, RouteHandle } from '@portfolio/contracts/remote-routes';
import { loadProject, type Project } from '../projects';
import { ProjectPage } from './project-page';

export interface ProjectLoaderData {
  project: Project;
}

export const projectRoute = {
  Component: ProjectPage,
  // docs/product-rules.md: the project whose id equals the route parameter; no such project sends the visitor to the list.
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
} satisfies RemoteRouteModule;
