import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/site-theme.scss';
import { createBrowserRouter, Link, Outlet, redirect, type RouteObject, RouterProvider } from '@portfolio/router';

/**
 * A remote on its own dev server: its routes inside a bare frame, so a developer can work on
 * one section without the shell. The site itself never renders this.
 */
export function renderStandalone(partName: string, routes: RouteObject[]) {
  const router = createBrowserRouter([
    {
      path: '/',
      element: (
        <>
          <header className="border-bottom bg-body-tertiary py-2 mb-3">
            <div className="container small text-muted">
              Standalone <code>{partName}</code> · <Link to="/">start</Link>
            </div>
          </header>
          <main className="container">
            <Outlet />
          </main>
        </>
      ),
      // the start page opens the remote's first route
      children: routes.some((route) => route.index)
        ? routes
        : [{ index: true, loader: () => redirect(`/${routes[0]?.path ?? ''}`) }, ...routes],
    },
  ]);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
