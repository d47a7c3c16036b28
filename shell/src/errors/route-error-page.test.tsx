import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { data } from '@portfolio/router';
import { RemoteUnavailableError } from '../federation/remote-unavailable-error';
import { errorDetail, RouteErrorPage } from './route-error-page';

function renderFailingRoute(error: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteErrorPage,
      loader: () => {
        throw error;
      },
      Component: () => null,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('the route error page', () => {
  it('shows the apology and the status text of an error response', async () => {
    renderFailingRoute(data(null, { status: 404, statusText: 'Not Found' }));
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Sorry, an unexpected error has occurred. Please contact the site administrator for assistance.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Not Found').tagName).toBe('I');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it("shows a thrown error's message", async () => {
    renderFailingRoute(new Error('The disk is full'));
    expect(await screen.findByText('The disk is full')).toBeInTheDocument();
  });

  it('offers a retry, not an apology, when a section could not be loaded', async () => {
    renderFailingRoute(new RemoteUnavailableError('resume'));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByText(/The Resume section could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByText('Oops!')).not.toBeInTheDocument();
  });

  it('describes any thrown value', () => {
    expect(errorDetail('plain words')).toBe('plain words');
    expect(errorDetail({ odd: true })).toBe('Unknown error');
  });
});
