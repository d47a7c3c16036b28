import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { isCodingProject, projects, projectsUsing, technologies } from '../projects';
import { tagSearch } from '../project-tags';
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

  it('lists every technology as a plain link to the projects using it, the one shown marked current', async () => {
    const tag = technologies[0]!;
    renderAt(`/projects${tagSearch(tag)}`);
    const filter = await screen.findByRole('navigation', { name: 'Projects by technology' });
    expect(within(filter).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/projects');
    for (const technology of technologies) {
      const link = within(filter).getByRole('link', { name: technology });
      expect(link).toHaveAttribute('href', `/projects?tag=${encodeURIComponent(technology).replace(/%20/g, '+')}`);
      if (technology === tag) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
    const using = projectsUsing(tag);
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent)).toEqual(
      [...using.filter(isCodingProject), ...using.filter((project) => !isCodingProject(project))].map(
        (project) => project.title,
      ),
    );
    expect(screen.getByText(`Projects using ${tag}: ${using.length} of them.`)).toBeInTheDocument();
    // a section none of them is in is left out
    for (const [name, shown] of [
      ['Coding projects:', using.some(isCodingProject)],
      ['Other projects:', !using.every(isCodingProject)],
    ] as const)
      expect(Boolean(screen.queryByRole('region', { name }))).toBe(shown);
  });

  it('moves between technologies by its links, and back to all projects', async () => {
    const user = userEvent.setup();
    const router = renderAt('/projects');
    // a technology more than one project uses, and not all of them
    const tag = technologies.find((each) => projectsUsing(each).length > 1 && projectsUsing(each).length < 8)!;
    await user.click(await screen.findByRole('link', { name: tag }));
    expect(await screen.findByText(`Projects using ${tag}: ${projectsUsing(tag).length} of them.`)).toBeVisible();
    expect(router.state.location.search).toBe(tagSearch(tag));
    expect(screen.getAllByRole('article')).toHaveLength(projectsUsing(tag).length);
    await user.click(screen.getByRole('link', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(projects.length));
    expect(router.state.location.search).toBe('');
  });

  it('says so when no project uses the technology asked for, with a link back to all projects', async () => {
    renderAt('/projects?tag=COBOL');
    expect(await screen.findByRole('heading', { name: 'No projects use “COBOL”.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all projects' })).toHaveAttribute('href', '/projects');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it("lists a project's technologies on its card and, as links to the others using them, on its page", async () => {
    renderAt('/projects/project/2');
    const project = projects.find(({ id }) => id === '2')!;
    const list = await screen.findByRole('navigation', { name: 'Technologies' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(
      project.technologies.map((technology) => [
        technology,
        `/projects?tag=${encodeURIComponent(technology).replace(/%20/g, '+')}`,
      ]),
    );
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
