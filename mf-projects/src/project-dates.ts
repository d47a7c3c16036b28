import type { ProjectSummary } from './projects';

/** A date of a project as the page shows it: readable text, and the machine-readable value when it is one. */
interface ProjectDate {
  label: 'Date' | 'Last updated';
  text: string;
  /** for <time dateTime>: set when the data is an ISO year, month or day */
  dateTime?: string;
}

const isoDate = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
/**
 * The months in English, written here rather than asked of Intl: a browser's first Intl formatter loads its locale
 * data on the main thread, which every page importing this module paid as it loaded (/projects too, through its
 * structured data; docs/performance.md), and the server's page and the browser's hydration print the same words
 * whatever ICU each carries.
 */
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "2024-03" and "2024-03-15" read "March 2024", "2024" reads "2024"; other text is shown as the owner wrote it. */
export function readableDate(value: string): Pick<ProjectDate, 'text' | 'dateTime'> | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const match = isoDate.exec(trimmed);
  if (!match) return { text: trimmed };
  const [, year = '', month, day] = match;
  if (!month) return { text: year, dateTime: trimmed };
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day ?? 1)));
  // 2024-13 or 2024-02-31 are not dates: show them as written
  const valid = date.getUTCMonth() === Number(month) - 1 && (!day || date.getUTCDate() === Number(day));
  return valid ? { text: `${monthNames[date.getUTCMonth()]} ${year}`, dateTime: trimmed } : { text: trimmed };
}

/** The dates a project page shows: its date and when it was last updated, each only when present. */
export function projectDates(project: Pick<ProjectSummary, 'projectDate' | 'lastUpdated'>): ProjectDate[] {
  const dates: ProjectDate[] = [];
  const made = readableDate(project.projectDate);
  if (made) dates.push({ label: 'Date', ...made });
  const updated = readableDate(project.lastUpdated);
  if (updated && updated.text !== made?.text) dates.push({ label: 'Last updated', ...updated });
  return dates;
}
