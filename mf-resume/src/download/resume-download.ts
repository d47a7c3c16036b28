import { apiRequest } from '@portfolio/ui/api-client';
import { reportConversion } from '@portfolio/contracts/field-signals';
import { resumeFileName } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';

/** Call 4 of docs/product-rules.md: POST {resource} to /download, read the answer as a blob, save it as a PDF. */
export async function downloadResume(resource: string): Promise<void> {
  const answer = await apiRequest<Blob>('download', { body: { resource }, accept: 'pdf' });
  const pdf = new Blob([answer], { type: 'application/pdf' });
  saveFile(pdf, resumeFileName(siteConfig.ownerName));
  reportConversion('resume-downloaded');
}

/** Hands a blob to the browser's own download, under a file name of our choosing. */
function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the browser; revoking later keeps slow downloads intact
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
