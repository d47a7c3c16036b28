import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { projects, type Project } from '../projects';
import { ownProjectImageUrl } from '../content/project-images';
import { ProjectPage } from './project-page';

async function renderProject(project: Project) {
  const router = createMemoryRouter([{ path: '/p', loader: () => ({ project }), Component: ProjectPage }], {
    initialEntries: ['/p'],
  });
  const { container } = render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: project.title });
  return container;
}

const withBody = (summary: (typeof projects)[number]): Project => ({ ...summary, projectMarkdown: 'Text.' });

describe('the project page', () => {
  it.each(projects.map((project) => [project.id, project] as const))(
    'shows project %s its own thumbnail as a hero, and never the default card picture',
    async (_id, summary) => {
      const container = await renderProject(withBody(summary));
      const hero = container.querySelector('article > img');
      const own = ownProjectImageUrl(summary.thumbnailImg);
      if (own) {
        expect(hero).toHaveAttribute('src', own);
        // a reserved place (no layout shift) and no second name for what the title says
        expect(hero).toHaveAttribute('width');
        expect(hero).toHaveAttribute('height');
        expect(hero).toHaveAttribute('alt', '');
      } else {
        expect(hero).toBeNull();
      }
    },
  );

  it('shows no hero for a project without a thumbnail or with an unknown one', async () => {
    for (const thumbnailImg of ['', 'no-such-picture.svg']) {
      const container = await renderProject(withBody({ ...projects[0]!, thumbnailImg }));
      expect(container.querySelector('article > img')).toBeNull();
      container.remove();
    }
  });

  it('shows the dates in <time> elements, after the title', async () => {
    const container = await renderProject(
      withBody({ ...projects[0]!, projectDate: '2024-03-15', lastUpdated: '2025-01' }),
    );
    const times = [...container.querySelectorAll('time')];
    expect(times.map((time) => time.getAttribute('datetime'))).toEqual(['2024-03-15', '2025-01']);
    expect(times.map((time) => time.textContent)).toEqual(['March 2024', 'January 2025']);
    expect(times[1]?.parentElement).toHaveTextContent(/^Last updated January 2025$/);
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.compareDocumentPosition(times[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no dates when the project has none', async () => {
    const container = await renderProject(withBody({ ...projects[0]!, projectDate: '', lastUpdated: '' }));
    expect(container.querySelector('time')).toBeNull();
  });
});
