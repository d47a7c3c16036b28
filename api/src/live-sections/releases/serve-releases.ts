import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { remoteByName } from '@portfolio/parts';
import { remoteNames } from '@portfolio/contracts/remote-routes';
import { releasesBasePath, sectionPreviewCookie } from '@portfolio/contracts/section-releases';
import { apiError } from '../../common/api-error.js';
import { ReleaseFiles } from './release-files.js';
import { previewLinkPath, ReleasePreviews, type PreviewRefusal } from './release-previews.js';
import { ReleasesTable } from './releases-table.js';

/** A release never changes: browsers and proxies keep each of its files for a year. */
export const releaseCacheControl = 'public, max-age=31536000, immutable';

const refusals: Record<PreviewRefusal, { status: number; message: string }> = {
  malformed: { status: 400, message: 'This is not a preview link of this site.' },
  forged: { status: 403, message: 'This preview link was not made by this site (its signature does not match).' },
  expired: { status: 410, message: 'This preview link has expired: ask for a new one (upload the release again).' },
};

const isRead = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/** A path segment decoded, or null when it is not valid percent-encoding. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Releases on the site's own origin, whether or not it serves the site's pages: each file at
 * /sections/<name>/<id>/<file> (immutable; an unknown release or file is a 404), and the preview links at
 * /sections/preview/<signed>, which set the preview cookie and send the browser to the section's page.
 */
export function serveReleases(app: NestExpressApplication): void {
  const files = app.get(ReleaseFiles);
  const previews = app.get(ReleasePreviews);
  const table = app.get(ReleasesTable);

  app.use(previewLinkPath, (req: Request, res: Response, next: NextFunction) => {
    if (!isRead(req)) {
      next();
      return;
    }
    const signed = decoded(req.path.slice(1)) ?? '';
    void (async () => {
      const preview = await previews.verify(signed);
      if (typeof preview === 'string') {
        const { status, message } = refusals[preview];
        res.status(status).set('Cache-Control', 'no-store').json(apiError(status, message));
        return;
      }
      if (!(await table.find(preview.section, preview.id))) {
        res
          .status(404)
          .set('Cache-Control', 'no-store')
          .json(apiError(404, 'That release is no longer kept by this site.'));
        return;
      }
      res
        .cookie(sectionPreviewCookie, signed, {
          httpOnly: true,
          sameSite: 'lax',
          secure: req.secure,
          path: '/',
          expires: preview.expiresAt,
        })
        .set('Cache-Control', 'no-store')
        .redirect(303, remoteByName(preview.section).path);
    })().catch(next);
  });

  app.use(releasesBasePath, (req: Request, res: Response, next: NextFunction) => {
    if (!isRead(req)) {
      next();
      return;
    }
    const [, name, id, ...rest] = req.path.split('/');
    const section = remoteNames.find((known) => known === name);
    const notFound = () =>
      res.status(404).set('Cache-Control', 'no-cache').json(apiError(404, 'There is no such release file.'));
    const file = rest.map(decoded);
    if (!section || !id || file.length === 0 || file.includes(null)) return notFound();
    void (async () => {
      const folder = await files.folder(section, id);
      if (!folder) return notFound();
      res.sendFile(
        file.join('/'),
        {
          root: folder,
          dotfiles: 'deny',
          etag: true,
          lastModified: false,
          headers: { 'Cache-Control': releaseCacheControl, 'Access-Control-Allow-Origin': '*' },
        },
        (error?: Error) => {
          if (error && !res.headersSent) notFound();
        },
      );
    })().catch(next);
  });
}
