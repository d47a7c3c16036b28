import { pathOnSite, redirectOnSite } from './renderer-process.js';

describe("what a renderer's answer may say about the site's URLs", () => {
  const page = 'http://127.0.0.1:4300/projects/project/99?ref=x';

  it('keeps a redirect on the page origin, as a path', () => {
    expect(redirectOnSite('/projects', page)).toBe('/projects');
    expect(redirectOnSite('../2', page)).toBe('/projects/2');
    expect(redirectOnSite('http://127.0.0.1:4300/about?x=1#top', page)).toBe('/about?x=1#top');
  });

  it('refuses a redirect off the site', () => {
    for (const location of [
      'https://evil.example/',
      '//evil.example/x',
      '\\\\evil.example/x',
      '/\\evil.example/x',
      'http://127.0.0.1:4301/',
      'javascript:alert(1)',
    ])
      expect([location, redirectOnSite(location, page)]).toEqual([location, null]);
  });

  it('takes sitemap paths that are paths of the site, nothing else', () => {
    for (const good of ['/', '/about', '/projects/project/1', '/projects?tag=a%20b'])
      expect(pathOnSite(good)).toBe(true);
    for (const bad of [
      '//evil.example/x',
      'https://evil.example/',
      'about',
      '/\\evil.example',
      '/a b',
      '/a\nb',
      '/./about',
      '/x/../about',
      '',
    ])
      expect([bad, pathOnSite(bad)]).toEqual([bad, false]);
  });
});
