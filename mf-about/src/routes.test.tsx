import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { MarkdownText } from '@portfolio/ui/markdown';
import { about } from './about';
import routes from './routes';

it('renders the About page heading and the introduction from the data file', async () => {
  const router = createMemoryRouter([{ path: '/about', ...routes.about }], { initialEntries: ['/about'] });
  const page = render(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'About Me' })).toBeInTheDocument();
  const intro = render(<MarkdownText>{about.basics.intro}</MarkdownText>).container;
  expect(page.container.querySelector('.md-body')?.innerHTML).toBe(intro.querySelector('.md-body')?.innerHTML);
});
