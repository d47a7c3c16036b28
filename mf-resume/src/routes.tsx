import { redirect } from '@portfolio/router';
import type { RemoteRoutes } from '@portfolio/contracts/remote-routes';
import { resume, type ResumeData } from './resume';
import { ResumePage } from './pages/resume-page';

/** This remote's side of the federation contract: the Resume page. */
const routes = {
  resume: {
    Component: ResumePage,
    // SPEC: the resume loader sends the visitor home if its data cannot be read.
    loader: (): ResumeData | Response => (resume.summary ? resume : redirect('/')),
  },
} satisfies RemoteRoutes<'resume'>;

export default routes;
