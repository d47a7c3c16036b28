import { pageDataBlock, type PageData } from '@portfolio/contracts/page-data';
import { escapeHtml } from '@portfolio/contracts/escape-html';

interface PageDocumentParts {
  /** title, meta and canonical tags */
  head: string;
  /** the section's entry, fetched while the shell's own scripts load */
  preloads: readonly string[];
  stylesheets: readonly string[];
  /** the app's HTML, as React rendered it */
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

/**
 * React puts the page's resource hints (a preload for each picture not loaded lazily) before the app's HTML.
 * In the head, ahead of the start-up scripts' preloads, the browser asks for the pictures first (the LCP
 * picture waited about 1 s behind the scripts in Lighthouse); #root then holds only what the client renders.
 */
const leadingHints = /^(?:<link [^>]*\/>)+/;

/** The shell's built index.html with a page in it. */
export function pageDocument(template: string, parts: PageDocumentParts): string {
  const hints = leadingHints.exec(parts.body)?.[0] ?? '';
  const preloads = parts.preloads.map((url) => `<link rel="preload" as="script" href="${escapeHtml(url)}">`);
  const stylesheets = parts.stylesheets.map((url) => `<link rel="stylesheet" href="${escapeHtml(url)}">`);
  return template
    .replace(headPart, () => parts.head + hints + preloads.join(''))
    .replace('</head>', () => `${stylesheets.join('')}</head>`)
    .replace(bodyPart, () => parts.body.slice(hints.length))
    .replace('</body>', () => `${pageDataBlock(parts.data)}</body>`);
}
