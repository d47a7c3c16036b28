import type { UIMatch } from '@portfolio/router';
import { pageTitleOf } from './document-title';

const match = (handle: unknown, loaderData?: unknown) => ({ handle, loaderData }) as unknown as UIMatch;

describe('pageTitleOf', () => {
  it('takes the deepest route that names a title', () => {
    expect(pageTitleOf([match(undefined), match({ title: 'Projects' }), match(undefined)])).toBe('Projects');
  });

  it('computes a title from the route data, falling back to a parent when it has none', () => {
    const project = match(
      { title: (data: { project: { title: string } }) => data.project.title },
      { project: { title: 'To-Do Teams' } },
    );
    expect(pageTitleOf([match({ title: 'Projects' }), project])).toBe('To-Do Teams');
    const missing = match({ title: () => undefined });
    expect(pageTitleOf([match({ title: 'Projects' }), missing])).toBe('Projects');
  });

  it('has no title when no route names one', () => {
    expect(pageTitleOf([match(undefined)])).toBeUndefined();
  });
});
