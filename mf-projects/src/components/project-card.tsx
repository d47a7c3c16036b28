import { Link } from '@portfolio/router';
import { thumbnailUrl, type ProjectSummary } from '../projects';
import styles from './project-card.module.css';

/**
 * A project in the list: thumbnail, title, description; the whole card links to its page. The cards of the
 * first row (`eager`) may be on screen when the page opens: their thumbnails load at once, the others when
 * scrolled near (a lazy first thumbnail was the page's LCP and waited on layout: 1.4 s of load delay).
 */
export function ProjectCard({ project, eager = false }: { project: ProjectSummary; eager?: boolean }) {
  return (
    <article className={`card h-100 ${styles.card}`}>
      <img
        className="card-img-top"
        src={thumbnailUrl(project)}
        alt=""
        width={320}
        height={180}
        loading={eager ? undefined : 'lazy'}
      />
      <div className="card-body">
        <h3 className="card-title h5">
          <Link to={`project/${project.id}`} className={`stretched-link ${styles.link}`}>
            {project.title}
          </Link>
        </h3>
        <p className="card-text">{project.description}</p>
        <p className={`card-text ${styles.technologies}`}>
          <span className="visually-hidden">Technologies: </span>
          {project.technologies.join(' · ')}
        </p>
      </div>
    </article>
  );
}
