import { pageDataElementId, type PageData } from '../app/page-data';
import { escapeHtml } from '@portfolio/contracts/escape-html';

export interface PageDocumentParts {
  /** title, meta and canonical tags */
  head: string;
  /** resource hints that React rendered (HTML: a preload for each picture not loaded lazily), first in the head */
  hints: string;
  /** the section's entry, fetched while the shell's own scripts load */
  preloads: readonly string[];
  stylesheets: readonly string[];
  /** the app's HTML */
  body: string;
  data: PageData;
}

const headPart = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
const bodyPart = '<!--page-body-->';

/** Fails at start-up, not per page, when the shell's index.html lost a marker. */
export function checkTemplate(template: string): void {
  if (!headPart.test(template) || !template.includes(bodyPart) || !template.includes('</head>')) {
    throw new Error('The shell template has no <!--page-head-->…<!--/page-head--> or <!--page-body--> marker');
  }
}

/** JSON inside a data block: `<` escaped so no text in it can close the element. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The shell's built index.html with a page in it. */
export function pageDocument(template: string, parts: PageDocumentParts): string {
  const preloads = parts.preloads.map((url) => `<link rel="preload" as="script" href="${escapeHtml(url)}">`);
  const stylesheets = parts.stylesheets.map((url) => `<link rel="stylesheet" href="${escapeHtml(url)}">`);
  const data = `<script type="application/json" id="${pageDataElementId}">${jsonForHtml(parts.data)}</script>`;
  return template
    .replace(headPart, () => parts.head + parts.hints + preloads.join(''))
    .replace('</head>', () => `${stylesheets.join('')}</head>`)
    .replace(bodyPart, () => parts.body)
    .replace('</body>', () => `${data}</body>`);
}
