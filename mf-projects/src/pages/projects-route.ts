import { data, type LoaderFunctionArgs } from '@portfolio/router';
import type { RemoteRouteModule, RouteHandle } from '@portfolio/contracts/remote-routes';
import { pageDescription } from '@portfolio/contracts/page-description';
import {
  isCodingProject,
  isOtherProject,
  projects,
  projectsUsing,
  technologies,
  type ProjectSummary,
} from '../projects';
import { projectListData } from '../structured-data';
import { listCard } from '../content/list-card';
import { listTitle, tagParameter } from '../project-tags';
import { ProjectsPage } from './projects-page';

export interface ProjectsLoaderData {
  /** the projects shown: all of them, or those using `tag` */
  projects: readonly ProjectSummary[];
  /** the technology asked for, known or not; null: all projects */
  tag: string | null;
  /** every technology, for the filter's links */
  technologies: readonly string[];
}

const titles = (list: readonly ProjectSummary[]) => list.map((project) => project.title).join(', ');
const loaded = (data: unknown) => data as ProjectsLoaderData | undefined;

function describe(list: readonly ProjectSummary[], tag: string | null): string {
  if (tag) return pageDescription(`Projects using ${tag}: ${titles(list)}.`);
  return pageDescription(
    `Coding projects: ${titles(list.filter(isCodingProject))}. Other projects: ${titles(list.filter(isOtherProject))}.`,
  );
}

export const projectsRoute = {
  Component: ProjectsPage,
  // ?tag=<technology> shows its projects; a technology no project lists is a 404 with a way back to all of them
  loader: ({ request }: LoaderFunctionArgs) => {
    const tag = new URL(request.url).searchParams.get(tagParameter) || null;
    const shown = tag ? projectsUsing(tag) : projects;
    const found = { projects: shown, tag, technologies } satisfies ProjectsLoaderData;
    return shown.length > 0 ? found : data(found, { status: 404 });
  },
  handle: {
    searchParams: [tagParameter],
    title: (data) => {
      const tag = loaded(data)?.tag;
      return tag ? listTitle(tag) : undefined;
    },
    description: (data) => {
      const list = loaded(data);
      return list && list.projects.length > 0 ? describe(list.projects, list.tag) : undefined;
    },
    image: listCard.url,
    imageAlt: listCard.alt,
    structuredData: (data, page) => {
      const list = loaded(data);
      return list && list.projects.length > 0 ? projectListData(list.projects, page) : undefined;
    },
  } satisfies RouteHandle,
} satisfies RemoteRouteModule;
