import projectList from './content/projects.json';
import { projectImageUrl } from './content/project-images';

/** A project (docs/product-rules.md "Projects"). `projectMarkdown` is read from content/markdown/<id>.md when a detail page opens. */
export interface Project {
  id: string;
  /** 0 = coding project, 1 = other project; compared loosely (the data may say 0 or "0"). */
  type: number | string;
  title: string;
  description: string;
  /** what it was built with or is about ("React", "Networking"): the Projects list filters by one */
  technologies: string[];
  thumbnailImg: string;
  projectDate: string;
  lastUpdated: string;
  projectMarkdown: string;
}

export type ProjectSummary = Omit<Project, 'projectMarkdown'>;

export const projects: readonly ProjectSummary[] = projectList;

export const isCodingProject = (project: ProjectSummary) => Number(project.type) === 0;
export const isOtherProject = (project: ProjectSummary) => Number(project.type) === 1;

/** Every technology a project lists, each once, in the order the projects first name them. */
export const technologies: readonly string[] = [...new Set(projects.flatMap((project) => project.technologies))];

/** The projects that list a technology (exactly as the data writes it). */
export const projectsUsing = (technology: string) =>
  projects.filter((project) => project.technologies.includes(technology));

/** The card picture: the project's own, or the default card image when it has none. */
export const thumbnailUrl = (project: ProjectSummary) => projectImageUrl(project.thumbnailImg);

export class ProjectNotFoundError extends Error {
  constructor(readonly projectId: string | undefined) {
    super(`No project with id ${projectId ?? '(none)'}`);
  }
}

/** The project whose id equals the route parameter, with its markdown body (fetched as its own chunk). */
export async function loadProject(projectId: string | undefined): Promise<Project> {
  const summary = projects.find((project) => project.id === projectId);
  if (!summary) throw new ProjectNotFoundError(projectId);
  const body = (await import(/* webpackChunkName: "project-[request]" */ `./content/markdown/${summary.id}.md`)) as {
    default: string;
  };
  return { ...summary, projectMarkdown: body.default.trim() };
}
