import type { ResumeData } from '@portfolio/contracts/resume';
import resumeData from '@portfolio/content/resume.json';

export type { ResumeData };

/** The owner's resume; the API builds the PDF from this same file (see package.json "exports"). */
export const resume: ResumeData = resumeData;

/** Every part the rules list is there: a half-edited file sends the visitor home (docs/product-rules.md) instead of breaking the page. */
export function isCompleteResume(data: unknown): data is ResumeData {
  // the file is JSON an owner edits by hand: its parts are checked, not trusted to match the type
  const resume = data as Partial<ResumeData> | undefined;
  const body = resume?.resumeBody as Partial<ResumeData['resumeBody']> | undefined;
  return Boolean(
    resume?.summary &&
    resume.headerCard &&
    body &&
    [body.experience, body.education, body.skills, body.honors, body.other].every(Array.isArray),
  );
}

/** docs/product-rules.md: skills and the "Other" lists show their items comma-separated. */
export const commaSeparated = (items: readonly string[]): string => items.join(', ');
