import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config.js';

/** reCAPTCHA's documented CSP needs: its script from google.com and gstatic.com, its frames from google.com. */
const captchaScriptSources = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const captchaFrameSources = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * helmet's security headers with a CSP that allows the site itself, the captcha provider's script and
 * frame, and the origins this request's sections come from (LiveSections) plus CSP_REMOTE_ORIGINS.
 */
export function useSecurityHeaders(
  app: NestExpressApplication,
  config: AppConfig,
  /** the origins this request's sections come from (live, or the owner's preview) */
  sectionOrigins: (req: IncomingMessage) => Promise<string[]>,
): void {
  // Worked out once per response, not once for each of the five directives using it.
  app.use((req: IncomingMessage, res: ServerResponse & { locals: Record<string, unknown> }, next: () => void) => {
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
