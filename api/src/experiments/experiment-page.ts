import type { ServedSections } from '../live-sections/live-sections.service.js';
import type { SitePage } from '../site/site-page.js';

/**
 * A page while an experiment runs: this visitor's variant, so `private` (no CDN or proxy keeps it, the browser's
 * own cache is this visitor's anyway; `Vary: Cookie` would split every shared cache by every cookie), and the
 * visitor's assignment cookie with it. Pages already kept by no one (no-store) stay so.
 */
export function experimentPage(page: SitePage, served: ServedSections): SitePage {
  if (!served.underExperiment && served.experimentCookies.length === 0) return page;
  const cacheControl = page.headers['Cache-Control'] ?? '';
  const kept = !cacheControl.includes('no-store');
  return {
    ...page,
    headers: kept ? { ...page.headers, 'Cache-Control': 'private, no-cache' } : page.headers,
    cookies: served.experimentCookies,
  };
}
