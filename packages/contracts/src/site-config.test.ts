import { documentTitle, siteConfig } from './site-config.js';

describe('site configuration', () => {
  it('names the owner in every document title', () => {
    expect(documentTitle('Projects')).toBe(`Projects | ${siteConfig.ownerName}`);
    expect(documentTitle(undefined)).toBe(siteConfig.ownerName);
  });

  it('has the two profile links the header shows, as absolute https URLs', () => {
    expect(siteConfig.profiles.map((profile) => profile.kind)).toEqual(['code', 'network']);
    for (const profile of siteConfig.profiles) expect(new URL(profile.url).protocol).toBe('https:');
  });
});
