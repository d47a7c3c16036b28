import { releaseEntryUrl, releaseFileOf, releaseIdOf, releaseOfEntryUrl } from './section-releases.js';

const id = '0123456789abcdef';

describe('releaseFileOf: the one reader of a release URL', () => {
  it('reads the section, the id and the decoded file of a root-relative URL or one on any host', () => {
    expect(releaseFileOf(`/sections/about/${id}/remoteEntry.js`)).toEqual({
      name: 'about',
      id,
      file: 'remoteEntry.js',
    });
    expect(releaseFileOf(new URL(`https://cdn.example/sections/home/${id}/server/a%20b.js?v=1`))).toEqual({
      name: 'home',
      id,
      file: 'server/a b.js',
    });
  });

  it('refuses another path, a name that is no section, an id that is not one, no file, or bad percent-encoding', () => {
    for (const url of [
      `/mf/about/remoteEntry.js`,
      `/x/sections/about/${id}/remoteEntry.js`,
      `/sections/blog/${id}/remoteEntry.js`,
      `/sections/about/0123456789ABCDEF/remoteEntry.js`,
      `/sections/about/${id.slice(1)}/remoteEntry.js`,
      `/sections/about/${id}/`,
      `/sections/about/${id}`,
      `/sections/about/${id}/%E0%A4%A.js`,
      'http://[not a url',
    ])
      expect([url, releaseFileOf(url)]).toEqual([url, null]);
  });
});

describe('releaseIdOf and releaseOfEntryUrl', () => {
  it('gives the release of any file of it, and null for a build that is not a release', () => {
    expect(releaseIdOf(`http://localhost:3000/sections/resume/${id}/remoteEntry.js`)).toBe(id);
    expect(releaseIdOf(`/sections/resume/${id}/server/manifest.json`)).toBe(id);
    expect(releaseIdOf('/mf/resume/remoteEntry.js')).toBeNull();
  });

  it('names a release only for the exact entry URL a promote writes, of the same section', () => {
    expect(releaseOfEntryUrl('about', releaseEntryUrl('about', id))).toBe(id);
    expect(releaseOfEntryUrl('home', releaseEntryUrl('about', id))).toBeNull();
    expect(releaseOfEntryUrl('about', `/sections/about/${id}/server/manifest.json`)).toBeNull();
    expect(releaseOfEntryUrl('about', `http://localhost:3000${releaseEntryUrl('about', id)}`)).toBeNull();
  });
});
