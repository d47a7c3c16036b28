import resumeData from './content/resume.json';

/** SPEC Resume data (the summary for now; the header card and tabs arrive with the full Resume page). */
export interface ResumeData {
  summary: string;
}

export const resume: ResumeData = resumeData;
