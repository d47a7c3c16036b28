import {
  itemList,
  type CreativeWork,
  type SoftwareSourceCode,
  type StructuredDataPage,
  type WithContext,
} from '@portfolio/contracts/structured-data';
import { isCodingProject, isOtherProject, type ProjectSummary } from './projects';
import { readableDate } from './project-dates';

/** A project's page, from the Projects list's URL and the project's id (the shell's route table: project/:projectId). */
const projectPageUrl = (listUrl: string, project: Pick<ProjectSummary, 'id'>) =>
  new URL(`/projects/project/${encodeURIComponent(project.id)}`, listUrl).href;

/** The projects in the order the list shows them: coding projects, then other projects. */
const inListOrder = (list: readonly ProjectSummary[]) => [
  ...list.filter(isCodingProject),
  ...list.filter(isOtherProject),
];

/** The Projects list as schema.org ItemList: each project's page, in the order the page shows them. */
export const projectListData = (list: readonly ProjectSummary[], page: StructuredDataPage) =>
  itemList(
    page.title,
    inListOrder(list).map((project) => ({ url: projectPageUrl(page.url, project), name: project.title })),
  );

/**
 * A project's page as schema.org data: code (a coding project) as SoftwareSourceCode, anything else as a
 * CreativeWork; by the owner, with its technologies as keywords and its dates when the data has them.
 */
export function projectData(
  project: ProjectSummary,
  page: StructuredDataPage,
  image: string,
): WithContext<SoftwareSourceCode | CreativeWork> {
  const created = readableDate(project.projectDate)?.dateTime;
  const modified = readableDate(project.lastUpdated)?.dateTime;
  const work: CreativeWork = {
    '@type': 'CreativeWork',
    '@id': page.url,
    name: project.title,
    headline: project.title,
    description: project.description,
    url: page.url,
    image: page.absoluteUrl(image),
    author: page.owner,
    keywords: project.technologies.join(', '),
    ...(created ? { dateCreated: created } : {}),
    ...(modified ? { dateModified: modified } : {}),
  };
  return isCodingProject(project)
    ? { '@context': 'https://schema.org', ...work, '@type': 'SoftwareSourceCode' }
    : { '@context': 'https://schema.org', ...work };
}
