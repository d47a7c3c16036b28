import { NotFoundException } from '@nestjs/common';
import { remoteNames } from '@portfolio/contracts/remote-routes';
import { sectionNamed, sectionNameOf } from './section-named.js';

describe("a section's name from untrusted text", () => {
  it('is each section of the parts by its exact name', () => {
    for (const name of remoteNames) {
      expect(sectionNameOf(name)).toBe(name);
      expect(sectionNamed(name)).toBe(name);
    }
  });

  it('is none for anything else: another case, a traversal, a prototype key, not a string (a 404 in a path)', () => {
    for (const text of ['About', 'about/', '..', '__proto__', 'constructor', '', undefined, 1, ['about']])
      expect(sectionNameOf(text)).toBeNull();
    expect(() => sectionNamed('../about')).toThrow(NotFoundException);
    expect(() => sectionNamed('x'.repeat(100))).toThrow('There is no section called "' + 'x'.repeat(40) + '".');
  });
});
