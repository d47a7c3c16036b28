import { useLoaderData, useOutlet } from '@portfolio/router';
import type { ProjectsLoaderData } from './projects-route';
import { isCodingProject, isOtherProject, type ProjectSummary } from '../projects';
import { ProjectCard } from '../components/project-card';

/** The cards of a full first row (three columns on wide screens): on screen when the list opens. */
const firstRow = 3;

function ProjectSection({
  id,
  title,
  projects,
  first = false,
}: {
  id: string;
  title: string;
  projects: ProjectSummary[];
  first?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="mb-5">
      <h2 id={id} className="h4 mb-3">
        {title}
      </h2>
      <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-4 list-unstyled">
        {projects.map((project, index) => (
          <li key={project.id} className="col">
            <ProjectCard project={project} eager={first && index < firstRow} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Projects (docs/product-rules.md): coding projects (type 0) then other projects (type 1); a project page replaces the list. */
export function ProjectsPage() {
  const outlet = useOutlet();
  const { projects } = useLoaderData<ProjectsLoaderData>();
  if (outlet) return outlet;
  return (
    <>
      <h1 className="mb-4">Projects</h1>
      <ProjectSection id="coding-projects" title="Coding projects:" projects={projects.filter(isCodingProject)} first />
      <ProjectSection id="other-projects" title="Other projects:" projects={projects.filter(isOtherProject)} />
    </>
  );
}
