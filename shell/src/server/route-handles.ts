import { matchRoutes, type RouteObject } from '@portfolio/router';
import type { RouteHandle } from '@portfolio/contracts/remote-routes';
import { isSearchParamList } from '@portfolio/contracts/page-query';

/** A route's handle, from its section's code for a lazy route; none for a section that cannot be loaded. */
export async function handleOf(route: RouteObject): Promise<RouteHandle | undefined> {
  if (typeof route.lazy !== 'function') return route.handle as RouteHandle | undefined;
  try {
    return (await route.lazy()).handle as RouteHandle | undefined;
  } catch {
    return undefined; // a section that cannot be loaded declares nothing: its routes show "unavailable"
  }
}

/**
 * The query parameters the routes matching a path read, as their handles declare them (RouteHandle.searchParams):
 * learnt once per route from its section's code, for one renderer's builds.
 */
export function searchParamsReader(routes: RouteObject[]): (pathname: string) => Promise<string[]> {
  const learnt = new Map<RouteObject, Promise<readonly string[]>>();
  const declaredBy = (route: RouteObject) => {
    let declared = learnt.get(route);
    if (!declared) {
      declared = handleOf(route).then((handle) => {
        const names: unknown = handle?.searchParams;
        return isSearchParamList(names) ? names : [];
      });
      learnt.set(route, declared);
    }
    return declared;
  };
  return async (pathname) => {
    const matches = matchRoutes(routes, pathname) ?? [];
    const declared = await Promise.all(matches.map(({ route }) => declaredBy(route)));
    // the outer route's first, as the canonical link names them
    return [...new Set(declared.flat())];
  };
}
