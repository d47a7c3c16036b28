import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import type { ResumeBody } from '@portfolio/contracts/resume';
import { EducationSection, ExperienceSection, HonorsSection, OtherSection, SkillsSection } from './resume-sections';
import styles from './resume-tabs.module.css';

/** docs/product-rules.md: five tabs, Experience active first; react-bootstrap gives them role=tab, aria-selected and arrow keys. */
export function ResumeTabs({ body }: { body: ResumeBody }) {
  return (
    <Tabs id="resume-sections" defaultActiveKey="experience" className={`mb-4 ${styles.tabs}`}>
      <Tab eventKey="experience" title="Experience">
        <ExperienceSection items={body.experience} />
      </Tab>
      <Tab eventKey="education" title="Education & Training">
        <EducationSection items={body.education} />
      </Tab>
      <Tab eventKey="skills" title="Skills">
        <SkillsSection items={body.skills} />
      </Tab>
      <Tab eventKey="honors" title="Honors">
        <HonorsSection items={body.honors} />
      </Tab>
      <Tab eventKey="other" title="Other">
        <OtherSection items={body.other} />
      </Tab>
    </Tabs>
  );
}
