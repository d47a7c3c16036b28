import { loadRemote } from '@module-federation/enhanced/runtime';
import type {
  RemoteName,
  RemoteRouteIds,
  RemoteRouteModule,
  RemoteRoutesModule,
} from '@portfolio/contracts/remote-routes';
import { RemoteUnavailableError } from './remote-unavailable-error';

/** Fetch a remote's `./routes` module (once; the federation runtime caches it). */
export async function loadRemoteRoutes<R extends RemoteName>(remote: R): Promise<RemoteRoutesModule<R>['default']> {
  let module: RemoteRoutesModule<R> | null;
  try {
    module = await loadRemote<RemoteRoutesModule<R>>(`${remote}/routes`);
  } catch (error) {
    throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(remote, { cause: error });
  }
  if (!module?.default)
    throw new RemoteUnavailableError(remote, { cause: new Error('./routes has no default export') });
  return module.default;
}

/** A `route.lazy` that takes the route's modules from a remote. */
export function lazyFromRemote<R extends RemoteName>(remote: R, routeId: RemoteRouteIds[R]) {
  return async (): Promise<RemoteRouteModule> => {
    const routes = await loadRemoteRoutes(remote);
    const entry = routes[routeId];
    if (typeof entry !== 'function') return entry;
    try {
      return await entry();
    } catch (error) {
      throw new RemoteUnavailableError(remote, { cause: error });
    }
  };
}

/** Start fetching a section on intent (hover, focus, touch) so the click finds it ready. */
export function preloadRemote(remote: RemoteName): void {
  loadRemoteRoutes(remote).catch(() => {
    // the navigation itself will show the error view if the remote is still down
  });
}
