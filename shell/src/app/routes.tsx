import { data, type RouteObject } from '@portfolio/router';
import { lazyFromRemote, type SectionRoutesLoader } from '../federation/load-remote-routes';
import { SiteLayout } from '../layout/site-layout';
import { PageLoading } from '../layout/page-loading';
import { RootErrorPage, RouteErrorPage } from '../errors/route-error-page';
import { ownerRoutesUnder } from './owner-routes';

/**
 * The route table of docs/product-rules.md "Routes". The shell owns the paths; each route's screen, loader and
 * action come from the remote that owns the section (see @portfolio/contracts/remote-routes).
 */
export function buildRoutes(loadSection: SectionRoutesLoader): RouteObject[] {
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
            { id: 'home', index: true, lazy: lazyFromRemote(loadSection, 'home', 'home') },
            {
              id: 'about',
              path: 'about',

              lazy: lazyFromRemote(loadSection, 'about', 'about'),
            },
            {
              id: 'projects',
              path: 'projects',

              lazy: lazyFromRemote(loadSection, 'projects', 'projects'),
              children: [
                { id: 'project', path: 'project/:projectId', lazy: lazyFromRemote(loadSection, 'projects', 'project') },
              ],
            },
            {
              id: 'resume',
              path: 'resume',

              lazy: lazyFromRemote(loadSection, 'resume', 'resume'),
            },
            ownerRoutesUnder(),
            {
              id: 'not-found',
              path: '*',
              // never shown: its loader always throws, and the error page shows instead
              element: null,
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
