import { resumeFileName } from './resume.js';

describe('resumeFileName', () => {
  it('names the file after the owner, safe for any file system', () => {
    expect(resumeFileName('Jordan Reyes')).toBe('Jordan-Reyes-Resume.pdf');
    expect(resumeFileName('  José  María O’Neil ')).toBe('Jose-Maria-ONeil-Resume.pdf');
    expect(resumeFileName('')).toBe('Resume.pdf');
  });
});
