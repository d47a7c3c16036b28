import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { remoteBasePath, remotes, shell } from '@portfolio/parts';
import type { AppConfig } from '../config/app-config.js';
import { previewBanner } from '../sections/preview-banner.js';
import type { SiteRemotes } from '../sections/site-remotes.js';
import { isOwnerPath, SitePages, type SitePage, type SitePageRequest } from './site-pages.js';

/** Files whose name carries a content hash never change: browsers keep them for a year. */
const hashedFile = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  return hashedFile.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const staticOptions = {
  index: false,
  fallthrough: true,
  setHeaders: (res: Response, filePath: string) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
};

/** What a page request says about where it came from and where this server is. */
function pageRequest(req: Request): SitePageRequest {
  return {
    path: req.originalUrl,
    origin: `${req.protocol}://${req.host}`,
    selfOrigin: `http://127.0.0.1:${req.socket.localPort}`,
  };
}

function send(req: Request, res: Response, page: SitePage): void {
  res.status(page.status).set(page.headers).vary('Accept-Encoding');
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
 * shell's files at /, each remote's build at /mf/<name>/ (where the default remotes.json points),
 * robots.txt and sitemap.xml, the API under /api.
 */
export function serveSite(
  app: NestExpressApplication,
  config: AppConfig & { siteDir: string },
  siteRemotes: SiteRemotes,
): void {
  const isRead = (req: Request) => req.method === 'GET' || req.method === 'HEAD';
  for (const { name, folder } of remotes) {
    app.useStaticAssets(path.join(config.siteDir, folder, 'dist'), { ...staticOptions, prefix: remoteBasePath(name) });
  }
  app.useStaticAssets(path.join(config.siteDir, shell.folder, 'dist'), staticOptions);

  const pages = new SitePages({
    siteDir: config.siteDir,
    siteUrl: config.siteUrl,
    sectionRefreshMs: config.sectionRefreshMs,
    sectionOriginsForServer: config.sectionOriginsForServer,
    liveRemotes: () => siteRemotes.live(),
  });
  app.getHttpServer().on('close', () => void pages.close());

  const answer =
    (render: (request: SitePageRequest) => Promise<SitePage> | SitePage) =>
    (req: Request, res: Response, next: NextFunction) => {
      Promise.resolve(render(pageRequest(req))).then((page) => send(req, res, page), next);
    };
  app.use('/robots.txt', (req: Request, res: Response, next: NextFunction) =>
    isRead(req) ? answer((request) => pages.robots(request))(req, res, next) : next(),
  );
  app.use('/sitemap.xml', (req: Request, res: Response, next: NextFunction) =>
    isRead(req) ? answer((request) => pages.sitemap(request))(req, res, next) : next(),
  );

  // Every other path without an extension is a page; missing files, /mf/ and the API keep their 404s.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage =
      isRead(req) &&
      path.extname(req.path) === '' &&
      !req.path.startsWith('/api/') &&
      req.path !== '/api' &&
      !req.path.startsWith('/mf/');
    if (!isPage) {
      next();
      return;
    }
    if (isOwnerPath(req.path)) {
      send(req, res, pages.ownerPage());
      return;
    }
    answer(async (request) => {
      const { config: sections, preview } = await siteRemotes.forRequest(req);
      if (!preview || !sections) return pages.page(request);
      return pages.page({ ...request, remotes: sections, banner: previewBanner(preview) });
    })(req, res, next);
  });
}
