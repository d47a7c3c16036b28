import type { ResumeData } from './resume.js';
import type { SiteConfig } from './site-config.js';
import { ownerPortraitPath } from './structured-data.js';

/** Where the site serves the resume in the JSON Resume schema (v1): /resume names it with rel="alternate". */
export const jsonResumePath = '/resume.json';

/** The JSON Resume schema (v1.0.0) the file follows; the schema package's validator reads it. */
const jsonResumeSchemaUrl = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

/** A resume in the JSON Resume schema, v1 (the fields this site fills). */
interface JsonResume {
  $schema: string;
  basics: {
    name: string;
    label: string;
    image: string;
    email: string;
    url: string;
    summary: string;
    profiles: Array<{ network: string; username?: string; url: string }>;
  };
  work: Array<{
    name: string;
    position: string;
    location: string;
    startDate?: string;
    endDate?: string;
    highlights: string[];
  }>;
  education: Array<{
    institution: string;
    area: string;
    /** the page's whole line (not in the schema: it allows more fields, and themes read the others) */
    summary: string;
    location: string;
    startDate?: string;
    endDate?: string;
  }>;
  awards: Array<{ title: string }>;
  certificates: Array<{ name: string }>;
  skills: Array<{ name: string; keywords: string[] }>;
  languages: Array<{ language: string; fluency?: string }>;
  interests: Array<{ name: string; keywords?: string[] }>;
  meta: { canonical: string; version: string };
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "Mar 2023" reads "2023-03", "2016" reads "2016"; "Present" or anything else is no date (the schema's iso8601). */
export function isoDate(text: string): string | undefined {
  const match = /^(?:([A-Za-z]{3})[a-z]*\.?\s+)?(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [, month, year = ''] = match;
  if (!month) return year;
  const index = months.indexOf(month.toLowerCase());
  return index < 0 ? undefined : `${year}-${String(index + 1).padStart(2, '0')}`;
}

/** "Jun 2021 – Mar 2023" as start and end dates; an open end ("Present") has none; a single year is both. */
export function dateRange(text: string): { startDate?: string; endDate?: string } {
  const [start = '', end] = text.split(/\s+[–—-]\s+/);
  const startDate = isoDate(start);
  const endDate = end === undefined ? startDate : isoDate(end);
  return { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
}

/** "Spanish (fluent)": the language and how well. */
function language(text: string): { language: string; fluency?: string } {
  const match = /^(.*?)\s*\(([^)]+)\)$/.exec(text.trim());
  return match ? { language: match[1] ?? text, fluency: match[2] } : { language: text.trim() };
}

/** The first sentence: one ends after a word, not after an abbreviation's letter ("B.S. in Music. More" reads "B.S. in Music."). */
const firstSentence = (text: string) => /^.*?(?:[a-z]{2,}|\))[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();

/** The "Other" lists the schema has a place for, by the title the resume gives them; the rest are interests. */
const otherListKinds: Readonly<Record<string, 'certificates' | 'languages' | 'interests'>> = {
  certifications: 'certificates',
  certificates: 'certificates',
  languages: 'languages',
  hobbies: 'interests',
  interests: 'interests',
};

/**
 * The resume (packages/content/resume.json, the page's and the PDF's only source) in the JSON Resume schema v1,
 * with the owner's name, contact and profiles from site.json: every role a work entry, honors as awards,
 * and the "Other" lists as certificates, languages and interests.
 */
export function jsonResume(resume: ResumeData, site: SiteConfig, siteUrl: string): JsonResume {
  const absolute = (path: string) => new URL(path, siteUrl).href;
  const body = resume.resumeBody;
  const others = (kind: 'certificates' | 'languages' | 'interests') =>
    body.other.filter((item) => (otherListKinds[item.title.toLowerCase()] ?? 'interests') === kind);
  return {
    $schema: jsonResumeSchemaUrl,
    basics: {
      name: site.ownerName,
      label: resume.headerCard.title,
      image: absolute(ownerPortraitPath),
      email: site.contactTo,
      url: absolute('/'),
      summary: resume.summary,
      profiles: site.profiles.map((profile) => ({
        network: profile.label,
        username: new URL(profile.url).pathname.split('/').filter(Boolean).at(-1),
        url: profile.url,
      })),
    },
    work: body.experience.flatMap((item) =>
      item.roleList.map((role) => ({
        name: item.company,
        position: role.roleTitle,
        location: role.location,
        ...dateRange(role.date),
        highlights: role.expPointList,
      })),
    ),
    education: body.education.map((item) => ({
      institution: item.institution,
      area: firstSentence(item.summary),
      summary: item.summary,
      location: item.location,
      ...dateRange(item.date),
    })),
    awards: body.honors.map((title) => ({ title })),
    certificates: others('certificates').flatMap((item) => item.list.map((name) => ({ name }))),
    skills: body.skills.map((item) => ({ name: item.skill, keywords: item.skillExampleList })),
    languages: others('languages').flatMap((item) => item.list.map(language)),
    interests: others('interests').flatMap((item) =>
      otherListKinds[item.title.toLowerCase()]
        ? item.list.map((name) => ({ name }))
        : [{ name: item.title, keywords: item.list }],
    ),
    meta: { canonical: absolute(jsonResumePath), version: 'v1.0.0' },
  };
}
