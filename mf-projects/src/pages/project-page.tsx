import { Link, useLoaderData } from '@portfolio/router';
import { MarkdownText } from '@portfolio/ui/markdown';
import type { ProjectLoaderData } from './project-route';
import { codeLanguages } from '../content/code-languages';
import { writeUpPicture } from '../content/project-images';

function BackToProjects() {
  return (
    <Link to="/projects" className="btn btn-outline-secondary">
      ← Back to Projects
    </Link>
  );
}

/** Project detail (docs/product-rules.md): back button, centred title, markdown body, back button. */
export function ProjectPage() {
  const { project } = useLoaderData<ProjectLoaderData>();
  return (
    <article>
      <BackToProjects />
      <h1 className="text-center my-4">{project.title}</h1>
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
