import { redirect } from '@portfolio/router';
import type { RemoteRoutes } from '@portfolio/contracts/remote-routes';
import { isCompleteResume, resume, type ResumeData } from './resume';
import { ResumePage } from './pages/resume-page';

/** This remote's side of the federation contract: the Resume page. */
const routes = {
  resume: {
    Component: ResumePage,
    // docs/product-rules.md: the resume loader sends the visitor home if its data cannot be read.
    loader: (): ResumeData | Response => (isCompleteResume(resume) ? resume : redirect('/')),
  },
} satisfies RemoteRoutes<'resume'>;

export default routes;
