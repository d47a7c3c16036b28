import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config.js';
import { isPageRequest } from './page-paths.js';

/** reCAPTCHA's documented CSP needs: its script from google.com and gstatic.com, its frames from google.com. */
const captchaScriptSources = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const captchaFrameSources = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * helmet's security headers with a CSP that allows the site itself, the captcha provider's script and
 * frame, CSP_REMOTE_ORIGINS, and on a page the origins its sections come from (LiveSections). Only a page asks
 * which build of each section serves it (the live configuration, a preview's cookie, the visitor's experiments): a
 * policy governs the document it comes with, and a file's, a beacon's or a call's answer loads no section.
 */
export function useSecurityHeaders(
  app: NestExpressApplication,
  config: AppConfig,
  /** the origins this page's sections come from (live, an experiment's variant, or the owner's preview) */
  sectionOrigins: (req: Request) => Promise<string[]>,
): void {
  const fixedOrigins = config.cspRemoteOrigins.join(' ');
  // Worked out once per response, not once for each of the five directives using it.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isPageRequest(req)) {
      res.locals.cspRemoteOrigins = fixedOrigins;
      next();
      return;
    }
    void sectionOrigins(req)
      .catch(() => [])
      .then((found) => {
        res.locals.cspRemoteOrigins = [...new Set([...found, ...config.cspRemoteOrigins])].join(' ');
        next();
      });
  });
  const remoteOrigins = (_req: IncomingMessage, res: ServerResponse) =>
    (res as ServerResponse & { locals: { cspRemoteOrigins?: string } }).locals.cspRemoteOrigins ?? '';
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...captchaScriptSources, remoteOrigins],
          scriptSrcAttr: ["'none'"],
          frameSrc: captchaFrameSources,
          connectSrc: ["'self'", remoteOrigins],
          styleSrc: ["'self'", remoteOrigins],
          // React and react-bootstrap (modal, carousel) set style attributes; <style> elements stay limited.
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', remoteOrigins],
          fontSrc: ["'self'", remoteOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
    }),
  );
}
