import { loadRemote } from '@module-federation/enhanced/runtime';
import type {
  RemoteName,
  RemoteRouteIds,
  RemoteRouteModule,
  RemoteRoutes,
  RemoteRoutesModule,
} from '@portfolio/contracts/remote-routes';
import { sectionFailedEventType, signalField } from '@portfolio/contracts/field-signals';
import { RemoteUnavailableError } from './remote-unavailable-error';

/** Fetches a section's `./routes` (the browser's federation runtime, or the server's instance). */
export type SectionRoutesLoader = <R extends RemoteName>(remote: R) => Promise<RemoteRoutes<R>>;

/** A section loader over a federation instance's `loadRemote`; whatever fails names the section. */
export function sectionRoutesLoader(load: <T>(id: string) => Promise<T | null>): SectionRoutesLoader {
  return async <R extends RemoteName>(remote: R) => {
    let module: RemoteRoutesModule<R> | null;
    try {
      module = await load<RemoteRoutesModule<R>>(`${remote}/routes`);
    } catch (error) {
      throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(remote, { cause: error });
    }
    if (!module?.default)
      throw new RemoteUnavailableError(remote, { cause: new Error('./routes has no default export') });
    return module.default;
  };
}

/** The browser's: the federation runtime caches each remote's module once it is fetched. */
export const loadRemoteRoutes: SectionRoutesLoader = sectionRoutesLoader(loadRemote);

/** A `route.lazy` that takes the route's modules from a remote. */
export function lazyFromRemote<R extends RemoteName>(
  loadSection: SectionRoutesLoader,
  remote: R,
  routeId: RemoteRouteIds[R],
) {
  return async (): Promise<RemoteRouteModule> => {
    try {
      const routes = await loadSection(remote);
      const entry = routes[routeId];
      if (typeof entry !== 'function') return entry;
      try {
        return await entry();
      } catch (error) {
        throw new RemoteUnavailableError(remote, { cause: error });
      }
    } catch (error) {
      // the page's field measurements count it against the section (shell/src/field)
      signalField(sectionFailedEventType, remote);
      throw error;
    }
  };
}

/** Start fetching a section on intent (hover, focus, touch) so the click finds it ready. */
export function preloadRemote(remote: RemoteName): void {
  loadRemoteRoutes(remote).catch(() => {
    // the navigation itself will show the error view if the remote is still down
  });
}
