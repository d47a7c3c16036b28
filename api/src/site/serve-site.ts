import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { shell } from '@portfolio/parts';
import { jsonResumePath } from '@portfolio/contracts/json-resume';
import { isPageRequest, isRead } from '../common/page-paths.js';
import { isOwnerPath, type SitePages } from './site-pages.js';
import type { SitePage } from './site-page.js';
import { apiError } from '../common/api-error.js';

/** Files whose name carries a content hash never change: browsers keep them for a year. */
const hashedFile = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;

function fileCacheControl(filePath: string): string {
  return hashedFile.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const staticOptions = {
  index: false,
  fallthrough: true,
  setHeaders: (res: Response, filePath: string) => res.setHeader('Cache-Control', fileCacheControl(filePath)),
};

function send(req: Request, res: Response, page: SitePage): void {
  res.status(page.status).set(page.headers).vary('Accept-Encoding');
  if (page.cookies && page.cookies.length > 0) res.append('Set-Cookie', [...page.cookies]);
  if (page.status === 200 && req.get('If-None-Match') === page.etag) {
    res.status(304).end();
    return;
  }
  const gzipped = page.gzipped && req.acceptsEncodings('gzip') === 'gzip' ? page.gzipped : null;
  if (gzipped) res.set('Content-Encoding', 'gzip');
  const body = gzipped ?? page.body;
  res.set('Content-Length', String(body.length)).end(req.method === 'HEAD' ? undefined : body);
}

/**
 * `npm start` serves the whole site on one origin: every page rendered on the server (SitePages), the
 * shell's files at /, robots.txt, sitemap.xml and resume.json (the resume in the JSON Resume schema), the API
 * under /api. The sections' releases are served
 * beside it (live-sections/releases/serve-releases.ts), whether or not this server serves the site.
 */
export function serveSite(
  app: NestExpressApplication,
  siteDir: string,
  pages: SitePages,
  resumeJson: (req: Request) => SitePage,
): void {
  // from when it listens: renderers kept ready, and the sitemap's pages rendered before anyone asks
  pages.keepPagesReady(app.getHttpServer());
  // the sections' dist/ folders are not served: visitors get releases (/sections/<name>/<id>/), so that
  // building a part changes nothing they see (the first start takes each dist/ as its first release)
  // the shell's source maps stay on the server as a release's do (no file names them): never served
  app.use((req: Request, res: Response, next: NextFunction) =>
    path.extname(req.path).toLowerCase() === '.map'
      ? res.status(404).set('Cache-Control', 'no-cache').json(apiError(404, 'There is no such file.'))
      : next(),
  );
  app.useStaticAssets(path.join(siteDir, shell.folder, 'dist'), staticOptions);

  const answer =
    (render: (req: Request) => Promise<SitePage> | SitePage) => (req: Request, res: Response, next: NextFunction) => {
      Promise.resolve(render(req)).then((page) => send(req, res, page), next);
    };
  app.use('/robots.txt', (req: Request, res: Response, next: NextFunction) =>
    isRead(req) ? answer((asked) => pages.robots(asked))(req, res, next) : next(),
  );
  app.use('/sitemap.xml', (req: Request, res: Response, next: NextFunction) =>
    isRead(req) ? answer((asked) => pages.sitemap(asked))(req, res, next) : next(),
  );
  app.use(jsonResumePath, (req: Request, res: Response, next: NextFunction) =>
    // the path itself only (app.use would also take /resume.json/anything)
    isRead(req) && req.path === '/' ? answer(resumeJson)(req, res, next) : next(),
  );

  // Every other path without an extension is a page; missing files, /mf/ and the API keep their 404s.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isPageRequest(req)) {
      next();
      return;
    }
    if (isOwnerPath(req.path)) {
      send(req, res, pages.ownerPage());
      return;
    }
    answer((asked) => pages.page(asked))(req, res, next);
  });
}
