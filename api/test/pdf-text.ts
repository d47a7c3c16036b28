import { execFileSync } from 'node:child_process';

/** The text a reader can select in a PDF, page by page, as poppler's pdftotext extracts it. */
export function pdfPages(pdf: Buffer): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  // pdftotext ends every page with a form feed
  return text.split('\f').slice(0, -1);
}

/** All of a PDF's text with runs of white space (line wraps included) made single spaces. */
export function pdfText(pdf: Buffer): string {
  return oneLine(pdfPages(pdf).join(' '));
}

export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Text to compare with what pdftotext extracts: one line, without hyphens, because pdftotext joins a
 * word the PDF broke at a hyphen at the end of a line ("event-" / "sourcing" reads "eventsourcing").
 */
export const comparable = (text: string) => oneLine(text).replace(/-/g, '');
