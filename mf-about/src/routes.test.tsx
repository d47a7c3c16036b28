import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import routes from './routes';

it('renders the About page heading and the introduction from the data file', async () => {
  const router = createMemoryRouter([{ path: '/about', ...routes.about }], { initialEntries: ['/about'] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'About Me' })).toBeInTheDocument();
  expect(screen.getByText(/software developer/)).toBeInTheDocument();
});
