import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import routes from './routes';
import { resume } from './resume';

it('renders the Resume heading, the Summary sub-heading and the summary from the data file', async () => {
  const router = createMemoryRouter([{ path: '/resume', ...routes.resume }], { initialEntries: ['/resume'] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Resume' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
  expect(screen.getByText(resume.summary)).toBeInTheDocument();
});
