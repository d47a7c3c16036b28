import { validate } from '@jsonresume/schema';
import { render } from 'jsonresume-theme-even';
import resumeData from '@portfolio/content/resume.json' with { type: 'json' };
import { dateRange, isoDate, jsonResume } from './json-resume.js';
import type { ResumeData } from './resume.js';
import { siteConfig } from './site-config.js';

const resume: ResumeData = resumeData;
const file = jsonResume(resume, siteConfig, 'https://owner.example');

/** The schema package's own validator (jsonschema, the schema's formats included). */
const schemaErrors = (data: unknown) =>
  new Promise<unknown>((resolve) => {
    validate(data, (errors: unknown) => resolve(errors));
  });

describe('the resume in the JSON Resume schema', () => {
  it('is valid for @jsonresume/schema (v1)', async () => {
    expect(await schemaErrors(file)).toBeNull();
    // the validator is not a rubber stamp: a date the schema does not allow is refused
    const broken = { ...file, work: [{ ...file.work[0], startDate: 'March 2023' }] };
    expect(await schemaErrors(broken)).toEqual([expect.objectContaining({ property: 'instance.work[0].startDate' })]);
  });

  it("says who it is about: the site's owner, the resume's title and summary, the portrait and profiles", () => {
    expect(file.basics).toEqual({
      name: siteConfig.ownerName,
      label: resume.headerCard.title,
      image: 'https://owner.example/profile.svg',
      email: siteConfig.contactTo,
      url: 'https://owner.example/',
      summary: resume.summary,
      profiles: siteConfig.profiles.map((profile) => ({
        network: profile.label,
        username: profile.url.split('/').filter(Boolean).at(-1),
        url: profile.url,
      })),
    });
    expect(file.meta.canonical).toBe('https://owner.example/resume.json');
  });

  it('has every role, school, skill, honor and list of the resume, in its order', () => {
    const { experience, education, skills, honors, other } = resume.resumeBody;
    expect(file.work.map((work) => [work.name, work.position, work.location, work.highlights])).toEqual(
      experience.flatMap((item) =>
        item.roleList.map((role) => [item.company, role.roleTitle, role.location, role.expPointList]),
      ),
    );
    expect(file.work[0]).toMatchObject({ startDate: '2023-03' });
    expect(file.work[0]).not.toHaveProperty('endDate');
    expect(file.work[1]).toMatchObject({ startDate: '2021-06', endDate: '2023-03' });
    expect(file.education.map((item) => [item.institution, item.summary, item.location])).toEqual(
      education.map((item) => [item.institution, item.summary, item.location]),
    );
    expect(file.education[0]).toMatchObject({ startDate: '2012', endDate: '2016' });
    // the area is the summary's first sentence, an abbreviation's dots not ending it
    const school = {
      institution: 'X',
      location: 'Y',
      date: '2001',
      summary: 'B.S. in Music (hons). Senior project: a tool.',
    };
    const schooled = { ...resume, resumeBody: { ...resume.resumeBody, education: [school] } };
    expect(jsonResume(schooled, siteConfig, 'https://owner.example').education[0]?.area).toBe('B.S. in Music (hons).');
    expect(file.skills).toEqual(skills.map((item) => ({ name: item.skill, keywords: item.skillExampleList })));
    expect(file.awards).toEqual(honors.map((title) => ({ title })));
    // every item of every "Other" list is somewhere: a certificate, a language or an interest
    const placed = [
      ...file.certificates.map((item) => item.name),
      ...file.languages.map((item) => item.language),
      ...file.interests.flatMap((item) => item.keywords ?? [item.name]),
    ].join('\n');
    for (const item of other.flatMap((list) => list.list)) expect(placed).toContain(item.replace(/\s*\(.*\)$/, ''));
  });

  it('puts the "Other" lists where the schema has a place for them, and keeps any other as an interest', () => {
    const lists = [
      { title: 'Certifications', list: ['Cloud Practitioner'] },
      { title: 'Languages', list: ['Spanish (fluent)', 'Esperanto'] },
      { title: 'Hobbies', list: ['Chess'] },
      { title: 'Open source', list: ['pdfkit', 'jest'] },
    ];
    const mapped = jsonResume({ ...resume, resumeBody: { ...resume.resumeBody, other: lists } }, siteConfig, 'x:/');
    expect(mapped.certificates).toEqual([{ name: 'Cloud Practitioner' }]);
    expect(mapped.languages).toEqual([{ language: 'Spanish', fluency: 'fluent' }, { language: 'Esperanto' }]);
    expect(mapped.interests).toEqual([{ name: 'Chess' }, { name: 'Open source', keywords: ['pdfkit', 'jest'] }]);
  });

  it('reads the dates the page writes as the schema wants them', () => {
    expect(['Mar 2023', 'Sept 2020', '2016', 'Present', '', 'Smarch 2020'].map(isoDate)).toEqual([
      '2023-03',
      '2020-09',
      '2016',
      undefined,
      undefined,
      undefined,
    ]);
    expect(dateRange('2022')).toEqual({ startDate: '2022', endDate: '2022' });
    expect(dateRange('2021 – Present')).toEqual({ startDate: '2021' });
  });

  it('is read by a published JSON Resume theme (jsonresume-theme-even), which shows all of it', () => {
    const html = render(file as never);
    expect(html).toMatch(/^<!doctype html>/i);
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    for (const expected of [
      siteConfig.ownerName,
      resume.headerCard.title,
      ...resume.resumeBody.experience.flatMap((item) => [item.company, ...item.roleList.map((role) => role.roleTitle)]),
      ...resume.resumeBody.education.map((item) => item.institution),
      ...resume.resumeBody.skills.map((item) => item.skill),
      resume.resumeBody.honors[0]!,
    ])
      expect(text).toContain(expected);
  });
});
