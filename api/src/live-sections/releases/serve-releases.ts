import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { remoteByName } from '@portfolio/parts';
import { releasesBasePath, sectionPreviewCookie } from '@portfolio/contracts/section-releases';
import { apiError } from '../../common/api-error.js';
import { sectionNameOf } from '../../common/section-named.js';
import { ReleaseFiles } from '../store/release-files.js';
import { cameThroughPreviewOrigin, PreviewOrigin } from '../../common/preview-origin.js';
import { previewLinkPath, ReleasePreviews, type PreviewRefusal } from '../release-previews.js';
import { isRead } from '../../common/page-paths.js';

/** A release never changes: browsers and proxies keep each of its files for a year. */
const releaseCacheControl = 'public, max-age=31536000, immutable';

/**
 * What a section's build holds, by extension, and the one type each is served as: scripts, styles, pictures,
 * fonts, JSON and the license notes a minifier writes beside a chunk. Nothing else of a release is served (an HTML
 * page, an XML document, a PDF, a source map: maps are kept for the server's error groups, api/src/field/error-groups,
 * and never given to visitors): a release's file is never a document of the site.
 */
const releaseFileTypes: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

/**
 * Headers of every release file, whatever its type: the type as listed, never sniffed; opened on its own as a
 * page (an SVG can hold scripts), a sandbox with nothing allowed, so its code never runs with an origin's
 * powers; `*` for the pages and renderers of either origin that load it.
 */
const releaseFileHeaders = (type: string): Record<string, string> => ({
  'Content-Type': type,
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'Cache-Control': releaseCacheControl,
  'Access-Control-Allow-Origin': '*',
});

const refusals: Record<PreviewRefusal, { status: number; message: string }> = {
  malformed: { status: 400, message: 'This is not a preview link of this site.' },
  forged: { status: 403, message: 'This preview link was not made by this site (its signature does not match).' },
  expired: { status: 410, message: 'This preview link has expired: ask for a new one (upload the release again).' },
  gone: { status: 404, message: 'That release is no longer kept by this site.' },
};

/** A path segment decoded, or null when it is not valid percent-encoding. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Releases, on the site's origin and the preview origin alike: each file at /sections/<name>/<id>/<file>
 * (immutable, as what a build holds and never as a page; an unknown release or file is a 404). Preview links,
 * /sections/preview/<signed>, are opened on the preview origin only: there they set the preview cookie and send
 * the browser to the section's page; on the site's origin they send it to the same link on the preview origin,
 * so that no preview ever runs where the owner's session is.
 */
export function serveReleases(app: NestExpressApplication): void {
  const files = app.get(ReleaseFiles);
  const previews = app.get(ReleasePreviews);
  const previewOrigin = app.get(PreviewOrigin);

  app.use(previewLinkPath, (req: Request, res: Response, next: NextFunction) => {
    if (!isRead(req)) {
      next();
      return;
    }
    res.set('Cache-Control', 'no-store');
    if (!cameThroughPreviewOrigin(req)) {
      res.redirect(303, `${previewOrigin.url}${req.originalUrl}`);
      return;
    }
    const cookie = { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' } as const;
    // previewEndPath: never a signed link, which has a dot
    if (req.path === '/end') {
      res.clearCookie(sectionPreviewCookie, cookie).redirect(303, previewOrigin.siteUrl);
      return;
    }
    const signed = decoded(req.path.slice(1)) ?? '';
    void (async () => {
      const preview = await previews.open(signed);
      if (typeof preview === 'string') {
        const { status, message } = refusals[preview];
        res.status(status).json(apiError(status, message));
        return;
      }
      res
        .cookie(sectionPreviewCookie, signed, { ...cookie, expires: preview.expiresAt })
        .redirect(303, remoteByName(preview.section).path);
    })().catch(next);
  });

  app.use(releasesBasePath, (req: Request, res: Response, next: NextFunction) => {
    if (!isRead(req)) {
      next();
      return;
    }
    const [, name, id, ...rest] = req.path.split('/');
    const section = sectionNameOf(name);
    const notFound = () =>
      res.status(404).set('Cache-Control', 'no-cache').json(apiError(404, 'There is no such release file.'));
    const file = rest.map(decoded);
    if (!section || !id || file.length === 0 || file.includes(null)) return notFound();
    const extension = path.extname(file.at(-1) ?? '').toLowerCase();
    const type = releaseFileTypes[extension];
    if (!type)
      return res
        .status(404)
        .set('Cache-Control', 'no-cache')
        .json(
          apiError(
            404,
            `A release's files are served as scripts, styles, pictures, fonts and JSON only, not ${extension || 'a file without an extension'}.`,
          ),
        );
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
          headers: releaseFileHeaders(type),
        },
        (error?: Error) => {
          if (error && !res.headersSent) notFound();
        },
      );
    })().catch(next);
  });
}
