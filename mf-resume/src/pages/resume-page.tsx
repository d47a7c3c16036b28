import { useLoaderData } from '@portfolio/router';
import type { ResumeData } from '../resume';
import { HeaderCard } from '../components/header-card';
import { ResumeTabs } from '../components/resume-tabs';
import styles from './resume-page.module.css';

/**
 * Resume (docs/product-rules.md): header card, heading, summary, then the five tabs. Printed (resume-page.module.css)
 * it is a resume: every tab's content in order, no buttons, links written out, in ink on paper.
 */
export function ResumeView({ resume }: { resume: ResumeData }) {
  return (
    <div className={styles.resume}>
      <HeaderCard headerCard={resume.headerCard} />
      <h1>Resume</h1>
      <h2 className="h4">Summary</h2>
      <p className="mb-4">{resume.summary}</p>
      <ResumeTabs body={resume.resumeBody} />
    </div>
  );
}

/** The route's screen: the resume its loader read. */
export function ResumePage() {
  return <ResumeView resume={useLoaderData<ResumeData>()} />;
}
