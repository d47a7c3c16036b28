import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import type { ResumeBody } from '@portfolio/contracts/resume';
import { EducationSection, ExperienceSection, HonorsSection, OtherSection, SkillsSection } from './resume-sections';
import styles from './resume-tabs.module.css';

/** A tab's title, which only a printed page shows above its content (printed, every tab is shown, in order). */
function PrintedTitle({ children }: { children: string }) {
  return <h2 className={`h5 ${styles.printedTitle}`}>{children}</h2>;
}

/**
 * docs/product-rules.md: five tabs, Experience active first; react-bootstrap gives them role=tab, aria-selected
 * and arrow keys. Every tab's content is in the page (the inactive ones hidden), so a printed resume has them all.
 */
export function ResumeTabs({ body }: { body: ResumeBody }) {
  return (
    <Tabs id="resume-sections" defaultActiveKey="experience" className={`mb-4 ${styles.tabs}`}>
      <Tab eventKey="experience" title="Experience">
        <PrintedTitle>Experience</PrintedTitle>
        <ExperienceSection items={body.experience} />
      </Tab>
      <Tab eventKey="education" title="Education & Training">
        <PrintedTitle>Education & Training</PrintedTitle>
        <EducationSection items={body.education} />
      </Tab>
      <Tab eventKey="skills" title="Skills">
        <PrintedTitle>Skills</PrintedTitle>
        <SkillsSection items={body.skills} />
      </Tab>
      <Tab eventKey="honors" title="Honors">
        <PrintedTitle>Honors</PrintedTitle>
        <HonorsSection items={body.honors} />
      </Tab>
      <Tab eventKey="other" title="Other">
        <PrintedTitle>Other</PrintedTitle>
        <OtherSection items={body.other} />
      </Tab>
    </Tabs>
  );
}
