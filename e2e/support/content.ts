import { readFileSync } from 'node:fs';
import path from 'node:path';
import site from '@portfolio/content/site.json' with { type: 'json' };
import resumeData from '@portfolio/content/resume.json' with { type: 'json' };
import { resumeFileName, type ResumeData } from '@portfolio/contracts/resume';
import type { SiteConfig } from '@portfolio/contracts/site-config';
import { repoRoot } from './site-server';

/**
 * The owner's content the site is built from: tests compare the pages with it (or with each other),
 * never with sample texts, so they pass for any owner's content.
 */
export const siteConfig: SiteConfig = site as SiteConfig;
export const resume: ResumeData = resumeData;

/** "<page> | <owner>": every page's document title. */
export const pageTitle = (title: string) => `${title} | ${siteConfig.ownerName}`;

/** The file name Download Resume saves. */
export const resumeFile = resumeFileName(siteConfig.ownerName);

/** Text as pdftotext gives it: one line, and no hyphens (it joins words broken at a hyphen). */
export const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/-/g, '');

/** The owner's projects (mf-projects' content), as the project pages are built from them. */
export const projectsData = JSON.parse(
  readFileSync(path.join(repoRoot, 'mf-projects/src/content/projects.json'), 'utf8'),
) as Array<{ id: string; thumbnailImg: string; projectDate: string; lastUpdated: string }>;

/** The contact form's own words (mf-home's content), for tests that look for a line without naming it. */
export const contactFormText = JSON.parse(
  readFileSync(path.join(repoRoot, 'mf-home/src/content/contact-form.json'), 'utf8'),
) as { captchaLoading: string; captchaNeedsScript: string; emailInstead: string };

/** The projects whose write-up (content/markdown/<id>.md) is empty, and those with one. */
export const projectWriteUps = (() => {
  const empty: string[] = [];
  const written: string[] = [];
  for (const { id } of projectsData) {
    const markdown = readFileSync(path.join(repoRoot, `mf-projects/src/content/markdown/${id}.md`), 'utf8');
    (markdown.trim() ? written : empty).push(id);
  }
  return { empty, written };
})();

/**
 * What a resume reads, in order, as an applicant-tracking system reads it (pdftotext): the owner, the title, the
 * summary, then each tab's content in the tabs' order. Both the printed page and the downloaded PDF read so.
 */
export const resumeReadingOrder = (): string[] => {
  const { experience, education, skills, honors, other } = resume.resumeBody;
  return [
    siteConfig.ownerName,
    resume.headerCard.title,
    resume.summary,
    ...experience.flatMap((item) => [
      item.company,
      ...item.roleList.flatMap((role) => [role.roleTitle, ...role.expPointList]),
    ]),
    ...education.flatMap((item) => [item.institution, item.summary]),
    ...skills.flatMap((item) => [item.skill, item.skillExampleList.join(', ')]),
    ...honors,
    ...other.flatMap((item) => [item.title, item.list.join(', ')]),
  ];
};

/** Where each of `fragments` starts in `text` (comparable forms), -1 for one it does not contain. */
export const positionsIn = (text: string, fragments: readonly string[]): number[] => {
  let from = 0;
  return fragments.map((fragment) => {
    const at = comparable(text).indexOf(comparable(fragment), from);
    if (at >= 0) from = at + comparable(fragment).length;
    return at;
  });
};
