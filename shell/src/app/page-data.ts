import type { RemoteName } from '@portfolio/contracts/remote-routes';

/**
 * What a server-rendered page hands the browser, as JSON in a data block (no inline script, so the
 * CSP stays 'self'): the section builds it was rendered with and React Router's hydration data.
 */
export interface PageData {
  /** each section's browser entry: the exact builds this page was rendered with */
  sections: Partial<Record<RemoteName, string>>;
  /** each section's build id (its server manifest's version), which field measurements are tagged with */
  builds: Partial<Record<RemoteName, string>>;
  /** the server could not render this page's section: the browser renders the page itself */
  clientRender: boolean;
  /** React Router's hydration data, errors serialized as its static router writes them */
  router: unknown;
}

export const pageDataElementId = 'page-data';

/** The page's data block; none in `npm run dev`, whose pages the browser renders alone. */
export function readPageData(): PageData | null {
  const text = document.getElementById(pageDataElementId)?.textContent;
  return text ? (JSON.parse(text) as PageData) : null;
}
