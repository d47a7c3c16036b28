import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { remoteBasePath, remotes, shell } from '@portfolio/parts';

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

/**
 * `npm start` serves the whole site on one origin: the shell at /, each remote's build at
 * /mf/<name>/ (where the default remotes.json points), the API under /api.
 */
export function serveSite(app: NestExpressApplication, siteDir: string): void {
  for (const { name, folder } of remotes) {
    app.useStaticAssets(path.join(siteDir, folder, 'dist'), { ...staticOptions, prefix: remoteBasePath(name) });
  }
  const shellDist = path.join(siteDir, shell.folder, 'dist');
  app.useStaticAssets(shellDist, staticOptions);

  // Deep links (/projects/project/2) get the shell's index.html; React Router takes it from there.
  // Missing files (anything with an extension) and the API keep their real 404s.
  const indexHtml = path.join(shellDist, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api/') && req.path !== '/api';
    if (!wantsPage || path.extname(req.path) !== '' || req.path.startsWith('/mf/')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml, (error) => {
      if (error) next(error);
    });
  });
}
