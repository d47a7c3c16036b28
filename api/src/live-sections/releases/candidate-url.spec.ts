import { BadRequestException } from '@nestjs/common';
import { candidateUrl } from './candidate-url.js';

describe('candidateUrl: a section URL the owner typed, as it is stored', () => {
  it("keeps a path on the site's own origin a path, resolved, with its query and without its fragment", () => {
    expect(candidateUrl(' /mf/about/../x/remoteEntry.js?v=1#top ')).toBe('/mf/x/remoteEntry.js?v=1');
    expect(candidateUrl('https://cdn.example.com/about/remoteEntry.js#top')).toBe(
      'https://cdn.example.com/about/remoteEntry.js',
    );
  });

  it('refuses a path that leaves the site: scheme-relative, backslashed', () => {
    for (const text of ['//evil.example/x.js', '/\\evil.example/x.js', '//relative.invalid/x.js'])
      expect(() => candidateUrl(text)).toThrow(BadRequestException);
  });
});
