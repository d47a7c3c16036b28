/**
 * docs/product-rules.md "Resume": the shape of packages/content/resume.json. The Resume page renders it and
 * the API builds the resume PDF from the very same file, so both are typed by this one contract.
 */
export interface ResumeData {
  summary: string;
  headerCard: ResumeHeaderCard;
  resumeBody: ResumeBody;
}

export interface ResumeHeaderCard {
  /** File name of the portrait: packages/content/profile.svg (the Resume page and the pages' structured data show it). */
  profilePic: string;
  title: string;
  /** The API download resource the button asks for (today "resume"). */
  downloadLink: string;
  downloadBtnText: string;
}

export interface ResumeBody {
  experience: ExperienceItem[];
  education: EducationItem[];
  skills: SkillItem[];
  /** Plain lines. */
  honors: string[];
  /** Titled lists: Certifications, Languages, Hobbies. */
  other: OtherItem[];
}

export interface ExperienceItem {
  company: string;
  date: string;
  roleList: ExperienceRole[];
}

interface ExperienceRole {
  roleTitle: string;
  location: string;
  date: string;
  expPointList: string[];
}

export interface EducationItem {
  institution: string;
  location: string;
  date: string;
  summary: string;
}

export interface SkillItem {
  skill: string;
  skillExampleList: string[];
}

export interface OtherItem {
  title: string;
  list: string[];
}

/** "Jordan-Reyes-Resume.pdf": the name the browser saves and the API announces. */
export function resumeFileName(ownerName: string): string {
  const words = ownerName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  return `${[...words, 'Resume'].join('-')}.pdf`;
}
