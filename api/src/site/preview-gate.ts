import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { beaconPath } from '@portfolio/contracts/field-beacon';
import { apiError } from '../common/api-error.js';
import type { LiveSections } from '../live-sections/live-sections.service.js';
import { cameThroughPreviewOrigin, type PreviewOrigin } from '../common/preview-origin.js';
import { isApiPath, isPagePath, isRead } from '../common/page-paths.js';
import { isOwnerPath } from './site-pages.js';

/** The one call of the API a previewed page makes as it loads (the captcha's site key). */
const publicReads = new Set(['/api/config']);

/**
 * What the preview origin answers, before anything else of the application sees the request: a previewed
 * page (with its preview cookie) and what such a page loads (the shell's files, releases' files, /remotes.json,
 * GET /api/config), preview links, and robots.txt saying no. Nothing of the owner's area, no other call of the
 * API (the owner's session cookie reaches this port too: cookies are not kept apart by port), nothing but GET
 * and HEAD. Field measurements of a preview are taken and dropped (204): a preview's visits are no visitor's.
 * A page without a preview is the site's: the browser is sent there. Requests of the site's origin pass.
 */
export function usePreviewGate(app: NestExpressApplication, liveSections: LiveSections, origin: PreviewOrigin): void {
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!cameThroughPreviewOrigin(req)) {
      next();
      return;
    }
    res.set('X-Robots-Tag', 'noindex');
    if (req.method === 'POST' && req.path === beaconPath) {
      res.status(204).end();
      return;
    }
    const read = isRead(req);
    if (read && publicReads.has(req.path)) {
      next();
      return;
    }
    if (!read || isApiPath(req.path) || isOwnerPath(req.path) || req.path === '/sitemap.xml') {
      res
        .status(404)
        .set('Cache-Control', 'no-store')
        .json(apiError(404, 'This is the preview origin: it serves previews of sections, and nothing else.'));
      return;
    }
    if (req.path === '/robots.txt') {
      res.type('text/plain').set('Cache-Control', 'no-cache').send('User-agent: *\nDisallow: /\n');
      return;
    }
    if (!isPagePath(req.path)) {
      next();
      return;
    }
    liveSections.forRequest(req).then(({ preview }) => {
      if (preview) next();
      else res.set('Cache-Control', 'no-store').redirect(303, `${origin.siteUrl}${req.originalUrl}`);
    }, next);
  });
}
