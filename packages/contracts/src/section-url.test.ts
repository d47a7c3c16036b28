import { resolveSectionUrl } from './section-url.js';

describe('resolveSectionUrl', () => {
  it('resolves a file beside a section URL, keeping root-relative URLs root-relative', () => {
    expect(resolveSectionUrl('server/manifest.json', '/mf/home/remoteEntry.js')).toBe('/mf/home/server/manifest.json');
    expect(resolveSectionUrl('.', '/mf/home/remoteEntry.js')).toBe('/mf/home/');
    expect(resolveSectionUrl('../styles/a.css?v=2#x', '/sections/about/0123/server/manifest.json')).toBe(
      '/sections/about/0123/styles/a.css?v=2#x',
    );
  });

  it('keeps absolute URLs absolute, whatever the base', () => {
    expect(resolveSectionUrl('server/manifest.json', 'http://localhost:3001/mf-manifest.json')).toBe(
      'http://localhost:3001/server/manifest.json',
    );
    expect(resolveSectionUrl('https://cdn.example.com/a.js', '/mf/home/remoteEntry.js')).toBe(
      'https://cdn.example.com/a.js',
    );
  });

  it("says when a path leaves the site's origin: scheme-relative and backslashed paths become absolute", () => {
    expect(resolveSectionUrl('/mf/about/../home/remoteEntry.js')).toBe('/mf/home/remoteEntry.js');
    expect(resolveSectionUrl('//evil.example/x.js')).toBe('http://evil.example/x.js');
    expect(resolveSectionUrl('/\\evil.example/x.js')).toBe('http://evil.example/x.js');
  });
});
