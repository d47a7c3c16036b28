import { redirect, type LoaderFunctionArgs } from '@portfolio/router';
import type { RemoteRouteModule, RouteHandle } from '@portfolio/contracts/remote-routes';
import { loadProject, projects, type Project } from '../projects';
import { projectCardUrl } from '../content/project-cards';
import { ProjectPage, projectWriteUp } from './project-page';

export interface ProjectLoaderData {
  project: Project;
}

const projectOf = (data: unknown) => (data as ProjectLoaderData | undefined)?.project;

export const projectRoute = {
  Component: ProjectPage,
  // docs/product-rules.md: the project whose id equals the route parameter; no such project sends the visitor to the list.
  // The write-up's renderer is fetched beside the project, so the page renders whole at once.
  loader: async ({ params }: LoaderFunctionArgs) => {
    const [project] = await Promise.all([loadProject(params.projectId).catch(() => undefined), projectWriteUp.load()]);
    return project ? ({ project } satisfies ProjectLoaderData) : redirect('/projects');
  },
  handle: {
    title: (data) => projectOf(data)?.title,
    description: (data) => projectOf(data)?.description,
    image: (data) => {
      const project = projectOf(data);
      return project && projectCardUrl(project.thumbnailImg);
    },
    // every project has a page of its own
    sitemapParams: () => projects.map((project) => ({ projectId: project.id })),
  } satisfies RouteHandle,
} satisfies RemoteRouteModule;
