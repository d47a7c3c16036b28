import { siteConfig } from '@portfolio/contracts/site-config';
import { profileMark } from './profile-mark';

describe('profileMark', () => {
  it.each([
    ['https://github.com/someone', 'github'],
    ['https://GitHub.com/someone', 'github'],
    ['https://www.linkedin.com/in/someone', 'linkedin'],
    ['https://de.linkedin.com/in/someone', 'linkedin'],
    ['https://linkedin.com/in/someone', 'linkedin'],
  ] as const)('shows the brand of the site the link goes to (%s)', (url, mark) => {
    expect(profileMark({ kind: 'code', url })).toBe(mark);
    expect(profileMark({ kind: 'network', url })).toBe(mark);
  });

  it.each([
    'https://gitlab.com/someone',
    'https://notgithub.com/someone',
    'https://github.com.example.org/someone',
    'not a url',
  ])('falls back to the glyph of its kind elsewhere (%s)', (url) => {
    expect(profileMark({ kind: 'code', url })).toBe('code');
    expect(profileMark({ kind: 'network', url })).toBe('network');
  });

  it("gives every profile of the owner's site a mark", () => {
    for (const profile of siteConfig.profiles) {
      expect(['github', 'linkedin', profile.kind]).toContain(profileMark(profile));
    }
  });
});
