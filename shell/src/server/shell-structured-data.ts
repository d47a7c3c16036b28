import resume from '@portfolio/content/resume.json';
import { profilePage } from '@portfolio/contracts/owner-profile';
import type { StructuredData, StructuredDataPage } from '@portfolio/contracts/structured-data';

const ownerProfile = (page: StructuredDataPage) => profilePage(page, resume.headerCard.title);

/**
 * The structured data the shell gives a section's page when the section's handle gives none: the owner's
 * profile on the pages about them (home, about, resume). Server code only: none of it reaches a browser.
 */
export const shellStructuredData: Readonly<
  Record<string, ((page: StructuredDataPage) => StructuredData | undefined) | undefined>
> = {
  home: ownerProfile,
  about: ownerProfile,
  resume: ownerProfile,
};
