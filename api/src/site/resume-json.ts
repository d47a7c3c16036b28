import type { IncomingMessage } from 'node:http';
import resumeData from '@portfolio/content/resume.json' with { type: 'json' };
import { jsonResume } from '@portfolio/contracts/json-resume';
import type { ResumeData } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import type { AppConfig } from '../config/app-config.js';
import { publicOrigin } from '../common/origins.js';
import { sitePage, type SitePage } from './site-page.js';

const resume: ResumeData = resumeData;

/**
 * `GET /resume.json`: the resume in the JSON Resume schema (v1), made from packages/content/resume.json like the
 * page and the PDF, so the three never disagree; its URLs are on the public origin. Made once per origin.
 */
export function resumeJsonFile(config: Pick<AppConfig, 'siteUrl'>): (req: IncomingMessage) => SitePage {
  const made = new Map<string, SitePage>();
  return (req) => {
    const origin = publicOrigin(config, req);
    let file = made.get(origin);
    if (!file) {
      file = sitePage(
        200,
        'application/json; charset=utf-8',
        `${JSON.stringify(jsonResume(resume, siteConfig, origin), null, 2)}\n`,
        {
          // any site may read it (a recruiter's tool, a theme's preview): it is public and carries no cookie
          'Access-Control-Allow-Origin': '*',
        },
      );
      made.set(origin, file);
    }
    return file;
  };
}
