import { Link, useLoaderData } from '@portfolio/router';
import { lazyMarkup } from '@portfolio/ui/lazy-markup';
import '@portfolio/ui/markdown.css';
import type { ProjectLoaderData } from './project-route';
import { ownProjectImageUrl } from '../content/project-images';
import { projectDates } from '../project-dates';
import { tagSearch } from '../project-tags';
import styles from './project-page.module.css';

/**
 * The write-up's renderer (markdown and highlighting, about 50 KB gzip) is fetched by the route's loader: a
 * page hydrated from the server's HTML keeps the write-up the server rendered and never fetches it.
 */
export const projectWriteUp = lazyMarkup(() =>
  import(/* webpackChunkName: "markdown" */ './project-write-up').then((module) => module.ProjectWriteUp),
);

function BackToProjects() {
  return (
    <Link to="/projects" className="btn btn-outline-secondary">
      ← Back to Projects
    </Link>
  );
}

/**
 * Project detail (docs/product-rules.md): back button, centred title, markdown body, back button; between
 * the title and the body, as a case study has them, the project's dates and its own thumbnail as a hero
 * (each only when the project has one: the default card picture says nothing about a project).
 */
export function ProjectPage() {
  const { project } = useLoaderData<ProjectLoaderData>();
  const dates = projectDates(project);
  const hero = ownProjectImageUrl(project.thumbnailImg);
  return (
    <article>
      <BackToProjects />
      <h1 className="text-center my-4">{project.title}</h1>
      {dates.length > 0 && (
        <p className={styles.dates}>
          {dates.map((date) => (
            <span key={date.label}>
              {date.label === 'Date' ? null : `${date.label} `}
              {date.dateTime ? <time dateTime={date.dateTime}>{date.text}</time> : date.text}
            </span>
          ))}
        </p>
      )}
      {project.technologies.length > 0 && (
        <nav aria-label="Technologies" className={styles.technologies}>
          <ul>
            {project.technologies.map((technology) => (
              <li key={technology}>
                <Link to={`/projects${tagSearch(technology)}`}>{technology}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {hero && (
        // thumbnails are drawn at the cards' 320 x 180: the size reserves the hero's place before it loads
        <img className={styles.hero} src={hero} alt="" width={320} height={180} fetchPriority="high" />
      )}
      {project.projectMarkdown ? (
        <projectWriteUp.Markup markdown={project.projectMarkdown} />
      ) : (
        <p className="text-center text-muted">The write-up for this project is on its way.</p>
      )}
      <div className="mt-4">
        <BackToProjects />
      </div>
    </article>
  );
}
