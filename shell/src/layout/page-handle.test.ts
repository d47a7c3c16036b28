import { siteConfig } from '@portfolio/contracts/site-config';
import { pageHandleValue, pageTypeOf, type HandleMatch } from './page-handle';

const match = (id: string, handle?: unknown, loaderData?: unknown): HandleMatch => ({ id, handle, loaderData });

describe("a page's handle values", () => {
  it("take the shell's title for a section's page that names none", () => {
    expect(pageHandleValue([match('root'), match('sections'), match('about')], 'title')).toBe(siteConfig.titles.about);
  });

  it("let the section's own handle win, fixed or computed from its data", () => {
    expect(pageHandleValue([match('about', { title: 'Who I am' })], 'title')).toBe('Who I am');
    const project = match('project', { title: (data: { title: string }) => data.title }, { title: 'To-Do Teams' });
    expect(pageHandleValue([match('projects'), project], 'title')).toBe('To-Do Teams');
  });

  it('come from the deepest route that gives one, else its parents', () => {
    const quiet = match('project', { title: () => undefined, description: () => '' });
    const projects = match('projects', { description: 'Every project.' });
    expect(pageHandleValue([projects, quiet], 'title')).toBe(siteConfig.titles.project);
    expect(pageHandleValue([projects, quiet], 'description')).toBe('Every project.');
    expect(pageHandleValue([match('root')], 'image')).toBeUndefined();
  });

  it('give the Open Graph type of the page, a website when nothing says', () => {
    expect(pageTypeOf([match('projects'), match('project')])).toBe('article');
    expect(pageTypeOf([match('resume', { pageType: 'website' })])).toBe('website');
    expect(pageTypeOf([match('not-found')])).toBe('website');
  });
});
