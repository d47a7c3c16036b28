import path from 'node:path';

/** A path of the API (its calls, never a page nor a file). */
export const isApiPath = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/');

/** A read: GET or HEAD. */
export const isRead = (req: { method: string }) => req.method === 'GET' || req.method === 'HEAD';

/**
 * A page's path: no extension, not the API, not a release's file or preview link (/sections/), not /mf/. The one
 * line between pages and everything else: the site renders pages there (serve-site.ts), the preview origin lets
 * previewed pages through (preview-gate.ts), and only a page asks which build of each section serves it (the CSP's
 * section origins, security-headers.ts); a file, a beacon or a call of the API never does.
 */
export const isPagePath = (urlPath: string) =>
  path.extname(urlPath) === '' &&
  !isApiPath(urlPath) &&
  !urlPath.startsWith('/sections/') &&
  !urlPath.startsWith('/mf/');

/** A page asked for: a read (GET or HEAD) of a page's path. */
export const isPageRequest = (req: { method: string; path: string }) => isRead(req) && isPagePath(req.path);
