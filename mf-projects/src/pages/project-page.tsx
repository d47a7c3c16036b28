import { Link, useLoaderData } from '@portfolio/router';
import { MarkdownText } from '@portfolio/ui/markdown';
import type { ProjectLoaderData } from './project-route';
import { codeLanguages } from '../content/code-languages';
import { ownProjectImageUrl, writeUpPicture } from '../content/project-images';
import { projectDates } from '../project-dates';
import styles from './project-page.module.css';

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
      {hero && (
        // thumbnails are drawn at the cards' 320 x 180: the size reserves the hero's place before it loads
        <img className={styles.hero} src={hero} alt="" width={320} height={180} fetchPriority="high" />
      )}
      {project.projectMarkdown ? (
        <MarkdownText languages={codeLanguages} image={writeUpPicture}>
          {project.projectMarkdown}
        </MarkdownText>
      ) : (
        <p className="text-center text-muted">The write-up for this project is on its way.</p>
      )}
      <div className="mt-4">
        <BackToProjects />
      </div>
    </article>
  );
}
