import type { RouteObject } from '@portfolio/router';
import { ownerBasePath } from '@portfolio/contracts/owner-paths';
import { handleOf } from './route-handles';

const joinPath = (parent: string, path: string) => `${parent.replace(/\/$/, '')}/${path}`;

const fillPath = (path: string, params: Readonly<Record<string, string>>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * Every public page: each section's route, and for a path with parameters (a project's page) every
 * parameter set its section's handle lists. Layouts, the catch-all, pathless routes and the owner's
 * area (private, noindex) are not listed.
 */
export async function sitemapPaths(routes: readonly RouteObject[]): Promise<string[]> {
  const paths: string[] = [];
  async function visit(route: RouteObject, parent: string): Promise<void> {
    if (route.path === '*') return;
    const path = route.path ? joinPath(parent, route.path).replace(/^\/\//, '/') : parent;
    if (path === ownerBasePath || path.startsWith(`${ownerBasePath}/`)) return;
    if (route.lazy) {
      if (path.includes(':')) {
        const params = (await handleOf(route))?.sitemapParams?.() ?? [];
        paths.push(...params.map((set) => fillPath(path, set)));
      } else paths.push(path || '/');
    }
    for (const child of route.children ?? []) await visit(child, path);
  }
  for (const route of routes) await visit(route, '');
  return [...new Set(paths)];
}
