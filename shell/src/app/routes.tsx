import { data, type RouteObject } from '@portfolio/router';
import { siteConfig } from '@portfolio/contracts/site-config';
import type { RouteHandle } from '@portfolio/contracts/remote-routes';
import { lazyFromRemote } from '../federation/load-remote-routes';
import { SiteLayout } from '../layout/site-layout';
import { PageLoading } from '../layout/page-loading';
import { RootErrorPage, RouteErrorPage } from '../errors/route-error-page';

const titled = (title: string): RouteHandle => ({ title });

/**
 * The route table of docs/product-rules.md "Routes". The shell owns the paths; each route's screen, loader and
 * action come from the remote that owns the section (see @portfolio/contracts/remote-routes).
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: SiteLayout,
      ErrorBoundary: RootErrorPage,
      children: [
        {
          // Errors and first loads show inside the header and footer, never instead of them.
          id: 'sections',
          ErrorBoundary: RouteErrorPage,
          HydrateFallback: PageLoading,
          children: [
            { id: 'home', index: true, handle: titled(siteConfig.titles.home), lazy: lazyFromRemote('home', 'home') },
            {
              id: 'about',
              path: 'about',
              handle: titled(siteConfig.titles.about),
              lazy: lazyFromRemote('about', 'about'),
            },
            {
              id: 'projects',
              path: 'projects',
              handle: titled(siteConfig.titles.projects),
              lazy: lazyFromRemote('projects', 'projects'),
              // the project's own title comes with the remote's route handle
              children: [{ id: 'project', path: 'project/:projectId', lazy: lazyFromRemote('projects', 'project') }],
            },
            {
              id: 'resume',
              path: 'resume',
              handle: titled(siteConfig.titles.resume),
              lazy: lazyFromRemote('resume', 'resume'),
            },
            {
              id: 'not-found',
              path: '*',
              loader: () => {
                throw data(null, { status: 404, statusText: 'Not Found' });
              },
            },
          ],
        },
      ],
    },
  ];
}
