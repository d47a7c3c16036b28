import { Link, useLoaderData, useOutlet } from '@portfolio/router';
import type { ProjectsLoaderData } from './projects-route';
import { listTitle, tagSearch } from '../project-tags';
import { isCodingProject, isOtherProject, type ProjectSummary } from '../projects';
import { ProjectCard } from '../components/project-card';
import styles from './projects-page.module.css';

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
  if (projects.length === 0) return null;
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

/** The technologies as links to the list filtered by each; the one shown is the current page. */
function TagFilter({ technologies, tag }: { technologies: readonly string[]; tag: string | null }) {
  return (
    <nav aria-label="Projects by technology" className="mb-4">
      <ul className={styles.tags}>
        <li>
          <Link to="." className={styles.tag} aria-current={tag === null ? 'page' : undefined}>
            All
          </Link>
        </li>
        {technologies.map((technology) => (
          <li key={technology}>
            <Link
              to={tagSearch(technology)}
              className={styles.tag}
              aria-current={technology === tag ? 'page' : undefined}
              preventScrollReset
            >
              {technology}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Projects (docs/product-rules.md): coding projects (type 0) then other projects (type 1), all of them or one
 * technology's (?tag=); a project page replaces the list.
 */
export function ProjectsPage() {
  const outlet = useOutlet();
  const { projects, tag, technologies } = useLoaderData<ProjectsLoaderData>();
  if (outlet) return outlet;
  return (
    <>
      <h1 className="mb-4">Projects</h1>
      <TagFilter technologies={technologies} tag={tag} />
      {tag && projects.length > 0 && (
        <p className={styles.showing} aria-live="polite">
          {`${listTitle(tag)}: ${String(projects.length)} of them.`}
        </p>
      )}
      {projects.length === 0 ? (
        <div className={styles.empty} role="status">
          <h2 className="h4">{`No projects use “${tag ?? ''}”.`}</h2>
          <p className="mb-0">
            <Link to=".">See all projects</Link> or pick a technology above.
          </p>
        </div>
      ) : (
        <>
          <ProjectSection
            id="coding-projects"
            title="Coding projects:"
            projects={projects.filter(isCodingProject)}
            first
          />
          <ProjectSection id="other-projects" title="Other projects:" projects={projects.filter(isOtherProject)} />
        </>
      )}
    </>
  );
}
