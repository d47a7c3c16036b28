import { useLoaderData } from '@portfolio/router';
import type { ResumeData } from '../resume';

export function ResumePage() {
  const { summary } = useLoaderData() as ResumeData;
  return (
    <>
      <h1>Resume</h1>
      <h2 className="h4">Summary</h2>
      <p>{summary}</p>
    </>
  );
}
