import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { isCodingProject, projects } from '../projects';
import { projectsRoute } from './projects-route';
import { ProjectPage } from './project-page';
import { projectRoute } from './project-route';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/projects', ...projectsRoute, children: [{ path: 'project/:projectId', ...projectRoute }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the projects pages', () => {
  it('lists coding and other projects as linked cards', async () => {
    renderAt('/projects');
    const coding = await screen.findByRole('region', { name: 'Coding projects:' });
    const other = screen.getByRole('region', { name: 'Other projects:' });
    for (const project of projects) {
      const section = isCodingProject(project) ? coding : other;
      expect(within(section).getByRole('link', { name: project.title })).toHaveAttribute(
        'href',
        `/projects/project/${project.id}`,
      );
    }
    expect(within(coding).getAllByRole('article')).toHaveLength(projects.filter(isCodingProject).length);
    expect(within(other).getAllByRole('article')).toHaveLength(
      projects.length - projects.filter(isCodingProject).length,
    );
  });

  it("loads the first row's thumbnails at once and the others when scrolled near", async () => {
    renderAt('/projects');
    const coding = await screen.findByRole('region', { name: 'Coding projects:' });
    const other = screen.getByRole('region', { name: 'Other projects:' });
    const loadingOf = (section: HTMLElement) =>
      [...section.querySelectorAll('img.card-img-top')].map((thumbnail) => thumbnail.getAttribute('loading'));
    expect(loadingOf(coding)).toEqual(loadingOf(coding).map((_, index) => (index < 3 ? null : 'lazy')));
    expect(loadingOf(other).every((loading) => loading === 'lazy')).toBe(true);
  });

  it('shows a project instead of the list, with a back button at top and bottom', async () => {
    renderAt('/projects/project/7');
    const project = projects.find(({ id }) => id === '7');
    expect(await screen.findByRole('heading', { level: 1, name: project?.title })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Projects/ })).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Coding projects:' })).not.toBeInTheDocument();
  });

  it('sends an unknown project id back to the list', async () => {
    const router = renderAt('/projects/project/42');
    expect(await screen.findByRole('region', { name: 'Coding projects:' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('gives a project with an empty write-up its page all the same', async () => {
    const project = { ...projects[0]!, projectMarkdown: '' };
    const router = createMemoryRouter([{ path: '/p', loader: () => ({ project }), Component: ProjectPage }], {
      initialEntries: ['/p'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: project.title })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Projects/ })).toHaveLength(2);
  });
});
