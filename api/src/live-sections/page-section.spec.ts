import { sectionOfPath } from './page-section.js';

describe('sectionOfPath: which renderer a page goes to', () => {
  it("is the section mounted at the path or above it, home's only at /", () => {
    expect(sectionOfPath('/')).toBe('home');
    expect(sectionOfPath('/about')).toBe('about');
    expect(sectionOfPath('/about/')).toBe('about');
    expect(sectionOfPath('/projects/project/2')).toBe('projects');
    expect(sectionOfPath('/resume')).toBe('resume');
  });

  it('is none for a path of no section (the shell renders its 404), even one that starts like a section', () => {
    expect(sectionOfPath('/no-such-page')).toBeNull();
    expect(sectionOfPath('/aboutface')).toBeNull();
    expect(sectionOfPath('/owner/login')).toBeNull();
  });
});
