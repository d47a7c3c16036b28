import { commaSeparated, isCompleteResume, resume } from './resume';

const keysOf = (value: object) => Object.keys(value).sort();

describe('the resume data', () => {
  it('has exactly the fields of docs/product-rules.md "Resume"', () => {
    expect(keysOf(resume)).toEqual(['headerCard', 'resumeBody', 'summary']);
    expect(keysOf(resume.headerCard)).toEqual(['downloadBtnText', 'downloadLink', 'profilePic', 'title']);
    expect(keysOf(resume.resumeBody)).toEqual(['education', 'experience', 'honors', 'other', 'skills']);
    for (const item of resume.resumeBody.experience) {
      expect(keysOf(item)).toEqual(['company', 'date', 'roleList']);
      for (const role of item.roleList) expect(keysOf(role)).toEqual(['date', 'expPointList', 'location', 'roleTitle']);
    }
    for (const item of resume.resumeBody.education)
      expect(keysOf(item)).toEqual(['date', 'institution', 'location', 'summary']);
    for (const item of resume.resumeBody.skills) expect(keysOf(item)).toEqual(['skill', 'skillExampleList']);
    for (const item of resume.resumeBody.other) expect(keysOf(item)).toEqual(['list', 'title']);
    expect(resume.resumeBody.honors.every((line) => typeof line === 'string')).toBe(true);
  });

  it('titles each "Other" list and names the API resource the button asks for', () => {
    for (const item of resume.resumeBody.other) expect(item.title.trim()).toBeTruthy();
    expect(resume.headerCard.downloadLink).toBe('resume');
    expect(resume.headerCard.downloadBtnText).toBe('Download Resume');
  });
});

describe('isCompleteResume', () => {
  it('accepts the data and refuses a file with a part missing', () => {
    expect(isCompleteResume(resume)).toBe(true);
    expect(isCompleteResume({ ...resume, summary: '' })).toBe(false);
    expect(isCompleteResume({ ...resume, resumeBody: { ...resume.resumeBody, honors: undefined as never } })).toBe(
      false,
    );
    expect(isCompleteResume(undefined)).toBe(false);
  });
});

describe('commaSeparated', () => {
  it('joins examples the way docs/product-rules.md shows skills and other lists', () => {
    expect(commaSeparated(['React', 'NestJS', 'SQL'])).toBe('React, NestJS, SQL');
    expect(commaSeparated([])).toBe('');
  });
});
