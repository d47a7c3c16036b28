import { redirect, type LoaderFunctionArgs } from '@portfolio/router';
import type { RemoteRouteModule, RouteHandle } from '@portfolio/contracts/remote-routes';
import { loadProject, projects, type Project } from '../projects';
import { projectCard } from '../content/project-cards';
import { projectData } from '../structured-data';
import { ProjectPage, projectWriteUp } from './project-page';

export interface ProjectLoaderData {
  project: Project;
}

const projectOf = (data: unknown) => (data as ProjectLoaderData | undefined)?.project;

export const projectRoute = {
  Component: ProjectPage,
  // docs/product-rules.md: the project whose id equals the route parameter; no such project sends the visitor to the list.
  // The write-up's renderer is fetched before the page renders, so it renders whole at once, and only for a
  // project that has a write-up: an empty one is not worth its ~50 KB.
  loader: async ({ params }: LoaderFunctionArgs) => {
    const project = await loadProject(params.projectId).catch(() => undefined);
    if (!project) return redirect('/projects');
    if (project.projectMarkdown) await projectWriteUp.load();
    return { project } satisfies ProjectLoaderData;
  },
  handle: {
    title: (data) => projectOf(data)?.title,
    description: (data) => projectOf(data)?.description,
    image: (data) => {
      const project = projectOf(data);
      return project && projectCard(project).url;
    },
    imageAlt: (data) => {
      const project = projectOf(data);
      return project && projectCard(project).alt;
    },
    structuredData: (data, page) => {
      const project = projectOf(data);
      return project && projectData(project, page, projectCard(project).url);
    },
    // every project has a page of its own
    sitemapParams: () => projects.map((project) => ({ projectId: project.id })),
  } satisfies RouteHandle,
} satisfies RemoteRouteModule;
