import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { LiveSections } from '../live-sections/live-sections.service.js';

/**
 * GET /remotes.json: where each section is for this browser, the live configuration with the owner's
 * preview over it (LiveSections). The browser reads it on Retry and when no server-rendered page names
 * the entries (`npm run dev`, or a proxy serving the shell's files itself and this path from the API, as
 * deploy/nginx-shell.conf.template does). Served whether or not this server serves the site's files.
 */
export function serveRemotesJson(app: NestExpressApplication, liveSections: LiveSections): void {
  app.use('/remotes.json', (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') {
      next();
      return;
    }
    liveSections.forRequest(req).then(({ remotes, preview, underExperiment, experimentCookies }) => {
      if (!remotes) {
        next();
        return;
      }
      // an experiment's variant is this visitor's (docs/experiments.md "Caching")
      if (experimentCookies.length > 0) res.append('Set-Cookie', experimentCookies);
      res
        .set('Cache-Control', preview ? 'private, no-store' : underExperiment ? 'private, no-cache' : 'no-cache')
        .type('application/json')
        .send(`${JSON.stringify(remotes, null, 2)}\n`);
    }, next);
  });
}
