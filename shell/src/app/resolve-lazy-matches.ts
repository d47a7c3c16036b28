import { matchRoutes, type RouteObject } from '@portfolio/router';

/**
 * Runs `lazy` of the routes that match the page's URL and writes what it returns onto them. React Router
 * renders the HydrateFallback while a matched route is still lazy, which would throw the server's HTML
 * away; with them resolved, the router starts with the server's tree and hydrates it.
 */
export async function resolveLazyMatches(routes: RouteObject[], location: string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}
