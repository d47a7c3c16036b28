import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { projectsRoute } from './projects-route';
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
    expect(within(coding).getAllByRole('article')).toHaveLength(3);
    const other = screen.getByRole('region', { name: 'Other projects:' });
    expect(within(other).getByRole('link', { name: 'Vintage Motorcycle Rebuild' })).toHaveAttribute(
      'href',
      '/projects/project/6',
    );
  });

  it('shows a project instead of the list, with a back button at top and bottom', async () => {
    renderAt('/projects/project/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operation Grandmaster' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Projects/ })).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Coding projects:' })).not.toBeInTheDocument();
  });

  it('sends an unknown project id back to the list', async () => {
    const router = renderAt('/projects/project/42');
    expect(await screen.findByRole('region', { name: 'Coding projects:' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/projects');
  });
});
