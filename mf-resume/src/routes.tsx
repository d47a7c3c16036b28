import { redirect } from '@portfolio/router';
import type { RemoteRoutes, RouteHandle } from '@portfolio/contracts/remote-routes';
import { pageDescription } from '@portfolio/contracts/page-description';
import { jsonResumePath } from '@portfolio/contracts/json-resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import { profileCardUrl } from './content/resume-images';
import { isCompleteResume, resume, type ResumeData } from './resume';
import { ResumePage } from './pages/resume-page';

const withResume = <T,>(data: unknown, read: (loaded: ResumeData) => T) =>
  isCompleteResume(data) ? read(data) : undefined;

/** This remote's side of the federation contract: the Resume page. */
const routes = {
  resume: {
    Component: ResumePage,
    // docs/product-rules.md: the resume loader sends the visitor home if its data cannot be read.
    loader: (): ResumeData | Response => (isCompleteResume(resume) ? resume : redirect('/')),
    handle: {
      description: (data) => withResume(data, (loaded) => pageDescription(loaded.summary)),
      image: (data) => withResume(data, (loaded) => profileCardUrl(loaded.headerCard.profilePic)),
      imageAlt: `Portrait of ${siteConfig.ownerName}`,
      // the resume for recruiters' tools and JSON Resume themes, from the same data
      alternate: { type: 'application/json', href: jsonResumePath, title: 'Resume (JSON Resume)' },
    } satisfies RouteHandle,
  },
} satisfies RemoteRoutes<'resume'>;

export default routes;
