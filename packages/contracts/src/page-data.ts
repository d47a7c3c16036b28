import type { RemoteName } from './remote-routes.js';

/**
 * What a page hands the browser, as JSON in a data block (no inline script, so the CSP stays 'self'): the
 * section builds this visitor gets and, for a server-rendered page, React Router's hydration data. The shell's
 * render module writes it into every page it renders; the API writes it into the page the browser renders alone
 * (a renderer still starting), so that page too loads this visitor's variant. The builds' ids that field
 * measurements are tagged with travel in the page view's proof (api/src/field/page-view-proofs.ts), not here.
 * On every visitor's page: it imports nothing.
 */
export interface PageData {
  /** each section's browser entry: the exact builds this page was rendered with, or is to be rendered with */
  sections: Partial<Record<RemoteName, string>>;
  /** the server did not render this page's section: the browser renders the page itself */
  clientRender: boolean;
  /** React Router's hydration data, errors serialized as its static router writes them (null: none) */
  router: unknown;
}

export const pageDataElementId = 'page-data';

/** The data block, `<` escaped so no text in it can close the element. */
export const pageDataBlock = (data: PageData): string =>
  `<script type="application/json" id="${pageDataElementId}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
