import { remotes } from '@portfolio/parts';
import type { RouteObject } from '@portfolio/router';
import { buildRoutes } from './routes';

// the table only: no section is loaded
const table = () => buildRoutes(() => Promise.reject(new Error('no section in this test')));

const lazyRouteIds = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.lazy && route.id ? [route.id] : []), ...lazyRouteIds(route.children ?? [])]);

describe('the route table', () => {
  it('mounts every route id of every remote in the parts manifest, once', () => {
    const manifestIds = remotes.flatMap((remote) => remote.routeIds);
    expect(lazyRouteIds(table()).sort()).toEqual([...manifestIds].sort());
  });

  it('mounts each section at the path the manifest gives it', () => {
    const sections = table()[0]?.children?.[0]?.children ?? [];
    for (const remote of remotes) {
      const route = sections.find((candidate) => candidate.id === remote.routeIds[0]);
      expect(route?.index ? '/' : `/${route?.path}`).toBe(remote.path);
    }
  });
});
