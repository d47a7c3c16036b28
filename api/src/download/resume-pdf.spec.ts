import resumeData from '@portfolio/content/resume.json' with { type: 'json' };
import type { ResumeData } from '@portfolio/contracts/resume';
import { comparable, oneLine, pdfPages, pdfText } from '../../test/pdf-text.js';
import { buildResumePdf, type ResumeOwner } from './resume-pdf.js';

const resume: ResumeData = resumeData;
// the owner is an input of the builder: a made-up one, whatever packages/content/site.json says
const owner: ResumeOwner = {
  name: 'Sam Example',
  email: 'sam@example.com',
  links: ['https://github.com/sam-example'],
};

describe('buildResumePdf', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await buildResumePdf(resume, owner);
  });

  it('makes a complete PDF of one or two pages', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pdfPages(pdf).length).toBeGreaterThanOrEqual(1);
    expect(pdfPages(pdf).length).toBeLessThanOrEqual(2);
  });

  it('sets the name, title and contacts at the top, then the summary', () => {
    const text = pdfText(pdf);
    expect(comparable(text).startsWith(comparable(`Sam Example ${resume.headerCard.title} sam@example.com`))).toBe(
      true,
    );
    expect(text).toContain('github.com/sam-example');
    expect(comparable(text)).toContain(comparable(`SUMMARY ${resume.summary}`));
  });

  it('has every section in the page order and every entry of the data as selectable text', () => {
    const text = pdfText(pdf);
    const headings = ['SUMMARY', 'EXPERIENCE', 'EDUCATION & TRAINING', 'SKILLS', 'HONORS', 'OTHER'];
    const positions = headings.map((heading) => text.indexOf(heading));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const { experience, education, skills, honors, other } = resume.resumeBody;
    const expected = [
      ...experience.flatMap((item) => [
        item.company,
        item.date,
        ...item.roleList.flatMap((role) => [role.roleTitle, role.location, role.date, ...role.expPointList]),
      ]),
      ...education.flatMap((item) => [item.institution, item.location, item.date, item.summary]),
      ...skills.map((item) => `${item.skill}: ${item.skillExampleList.join(', ')}`),
      ...honors,
      ...other.map((item) => `${item.title}: ${item.list.join(', ')}`),
    ];
    for (const fragment of expected) expect(comparable(text)).toContain(comparable(fragment));
  });

  it('numbers the pages in the footer', () => {
    const pages = pdfPages(pdf);
    pages.forEach((page, index) => expect(oneLine(page)).toContain(`page ${index + 1} of ${pages.length}`));
  });

  it('flows a long resume onto more pages without empty ones', async () => {
    const long: ResumeData = {
      ...resume,
      resumeBody: {
        ...resume.resumeBody,
        experience: Array.from({ length: 6 }, () => resume.resumeBody.experience).flat(),
      },
    };
    const pages = pdfPages(await buildResumePdf(long, owner));
    expect(pages.length).toBeGreaterThan(2);
    for (const [index, page] of pages.entries()) {
      const withoutFooter = oneLine(page).replace(`${owner.name} · Resume · page ${index + 1} of ${pages.length}`, '');
      expect(withoutFooter.length).toBeGreaterThan(200);
    }
  });

  it('builds a resume whose lists are empty', async () => {
    const sparse: ResumeData = {
      ...resume,
      resumeBody: { experience: [], education: [], skills: [], honors: [], other: [] },
    };
    const text = pdfText(await buildResumePdf(sparse, { name: 'A. Person' }));
    expect(text).toContain('A. Person');
    expect(text).toContain(oneLine(resume.summary));
  });
});
