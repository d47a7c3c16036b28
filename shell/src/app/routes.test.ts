import { remotes } from '@portfolio/parts';
import type { RouteObject } from '@portfolio/router';
import { ownerBasePath, ownerPaths } from '@portfolio/contracts/owner';
import { buildRoutes } from './routes';

// the table only: no section is loaded
const table = () => buildRoutes(() => Promise.reject(new Error('no section in this test')));
const underSections = () => table()[0]?.children?.[0]?.children ?? [];
const ownerRoute = () => underSections().find((route) => route.id === 'owner');

const lazyRouteIds = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.lazy && route.id ? [route.id] : []), ...lazyRouteIds(route.children ?? [])]);

/** Each route's full path, with whether its code comes from `lazy` or is in the table itself. */
const pathsOf = (routes: RouteObject[], parent: string): Array<{ path: string; lazy: boolean; inline: boolean }> =>
  routes.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}` : parent;
    const inline = Boolean(route.Component ?? route.element ?? route.action);
    return [{ path, lazy: Boolean(route.lazy), inline }, ...pathsOf(route.children ?? [], path)];
  });

describe('the route table', () => {
  it('mounts every route id of every remote in the parts manifest, once', () => {
    const manifestIds = remotes.flatMap((remote) => remote.routeIds);
    const sections = underSections().filter((route) => route.id !== 'owner');
    expect(lazyRouteIds(sections).sort()).toEqual([...manifestIds].sort());
  });

  it('mounts each section at the path the manifest gives it', () => {
    for (const remote of remotes) {
      const route = underSections().find((candidate) => candidate.id === remote.routeIds[0]);
      expect(route?.index ? '/' : `/${route?.path}`).toBe(remote.path);
    }
  });

  it("mounts the owner's pages at the contract's paths, their code only behind `lazy`", () => {
    const owner = ownerRoute();
    expect(owner?.path).toBe(ownerBasePath.slice(1));
    const paths = pathsOf(owner?.children ?? [], ownerBasePath);
    const lazyPaths = paths.filter((route) => route.lazy).map((route) => route.path);
    // a contract path is a page, or the base of pages named by a parameter (/owner/experiments/:id)
    const pageOf = (path: string) =>
      lazyPaths.find((lazyPath) => lazyPath === path || lazyPath.startsWith(`${path}/:`));
    for (const path of Object.values(ownerPaths)) expect([path, pageOf(path)]).toEqual([path, expect.any(String)]);
    expect(paths.filter((route) => route.inline)).toEqual([]);
  });
});
