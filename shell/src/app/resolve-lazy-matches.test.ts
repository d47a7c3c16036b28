import type { RouteObject } from '@portfolio/router';
import { resolveLazyMatches } from './resolve-lazy-matches';

describe('resolving the lazy routes of a page before hydration', () => {
  it('runs lazy for the routes matching the URL only, and keeps what they return on them', async () => {
    const loaded: string[] = [];
    const lazyRoute =
      (id: string): RouteObject['lazy'] =>
      () => {
        loaded.push(id);
        return Promise.resolve({ handle: { title: id } });
      };
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { id: 'home', index: true, lazy: lazyRoute('home') },
          {
            id: 'projects',
            path: 'projects',
            lazy: lazyRoute('projects'),
            children: [{ id: 'project', path: 'project/:projectId', lazy: lazyRoute('project') }],
          },
        ],
      },
    ];
    await resolveLazyMatches(routes, '/projects/project/2');
    expect(loaded.sort()).toEqual(['project', 'projects']);
    const projects = routes[0]?.children?.[1];
    expect(projects?.lazy).toBeUndefined();
    expect(projects?.handle).toEqual({ title: 'projects' });
    expect(routes[0]?.children?.[0]?.lazy).toBeDefined();
  });
});
