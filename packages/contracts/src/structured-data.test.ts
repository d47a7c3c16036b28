import { siteConfig } from './site-config.js';
import { ownerPerson, ownerReference, profilePage } from './owner-profile.js';
import { jsonLdScriptText } from './structured-data.js';

describe('structured data', () => {
  it("names the owner as one Person: name, job title, portrait and the header's profiles", () => {
    expect(ownerPerson('https://owner.example', 'Engineer')).toEqual({
      '@type': 'Person',
      '@id': 'https://owner.example/#owner',
      name: siteConfig.ownerName,
      jobTitle: 'Engineer',
      image: 'https://owner.example/profile.svg',
      url: 'https://owner.example/',
      sameAs: siteConfig.profiles.map((profile) => profile.url),
    });
    expect(ownerPerson('https://owner.example', 'x')).toMatchObject(ownerReference('https://owner.example'));
  });

  it('makes a page about the owner a ProfilePage whose main entity is the owner', () => {
    const page = { url: 'https://owner.example/about', siteUrl: 'https://owner.example', title: 'About Me' };
    const owner = ownerReference('https://owner.example');
    expect(profilePage({ ...page, owner, absoluteUrl: (url) => url }, 'Engineer')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      '@id': 'https://owner.example/about',
      url: 'https://owner.example/about',
      name: 'About Me',
      mainEntity: ownerPerson('https://owner.example', 'Engineer'),
    });
  });

  it('writes JSON-LD that no text can end a script or open a comment with, and that reads back the same', () => {
    const data = {
      '@context': 'https://schema.org' as const,
      '@type': 'Thing' as const,
      name: '</script><script>alert(1)</script> <!-- a & b > c \u2028',
    };
    const text = jsonLdScriptText(data);
    expect(text).not.toMatch(/<\/script|<!--|<script/i);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
