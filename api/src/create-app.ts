import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import { Logger as PinoLogger } from 'nestjs-pino';
import { pinoHttp } from 'pino-http';
import cookieParser from 'cookie-parser';
import { AppModule } from './app.module.js';
import { cookieSecret } from './captcha/cookie-secret.js';
import { acceptJsonBodies } from './common/json-body.js';
import { useRateLimits } from './common/rate-limit.js';
import { requestLogOptions } from './common/request-logs.js';
import { useSecurityHeaders } from './common/security-headers.js';
import { acceptBeaconBodies } from './field/beacon-body.js';
import type { AppConfig } from './config/app-config.js';
import { LiveSections } from './live-sections/live-sections.service.js';
import { serveReleases } from './live-sections/releases/serve-releases.js';
import { OwnerDevices } from './owner/owner-devices.js';
import { OwnerPassword } from './owner/owner-password.js';
import { serveRemotesJson } from './site/serve-remotes-json.js';
import { serveSite } from './site/serve-site.js';
import { resumeJsonFile } from './site/resume-json.js';
import { publicOriginAt } from './common/origins.js';
import { PreviewOrigin } from './common/preview-origin.js';
import { usePreviewGate } from './site/preview-gate.js';
import { SitePages } from './site/site-pages.js';
import { DATABASE, type Database } from './storage/database.js';

/** The whole server: the API under /api and, unless told otherwise, the built site on the same origin. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const json = config.logs === 'json';
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    logger: config.logs === 'quiet' ? ['error', 'warn'] : ['log', 'error', 'warn'],
    // production: Nest's own lines wait for pino, so that every line on stdout is JSON
    bufferLogs: json,
    bodyParser: false,
  });
  if (json) app.useLogger(app.get(PinoLogger));
  const database = app.get<Database>(DATABASE);
  const secret = await cookieSecret(config, database);
  const startup = new Logger('Startup');
  startup.log(`storage: ${database.description}`);
  startup.log(`contact passes signed with a secret from ${secret.source}`);
  const ownerPassword = app.get(OwnerPassword);
  startup.log(
    (await ownerPassword.read())
      ? `owner password: set (in ${ownerPassword.location})`
      : `owner password: not set; the owner's area stays locked until \`npm run owner:password\` sets one`,
  );
  startup.log(
    `live sections: ${config.databaseUrl ? 'table live_sections over ' : ''}${config.remotesJson ?? 'no remotes.json'}`,
  );
  startup.log(`client addresses: X-Forwarded-For believed from TRUST_PROXY=${String(config.trustProxy)}`);
  startup.log(
    `public origin: ${publicOriginAt(config, config.port)} (${config.siteUrl ? 'SITE_URL' : 'set SITE_URL to the address visitors use'})`,
  );
  if (config.siteDir)
    startup.log(
      config.previewOrigin
        ? `preview origin: ${config.previewOrigin} (PREVIEW_ORIGIN), served on port ${config.previewPort}`
        : `preview origin: on port ${config.previewPort || 'chosen at start'} (PREVIEW_PORT; set PREVIEW_ORIGIN to the address visitors use)`,
    );
  const originsForServer = Object.entries(config.sectionOriginsForServer);
  if (originsForServer.length > 0) {
    const pairs = originsForServer.map(([browser, server]) => `${browser} at ${server}`).join(', ');
    startup.log(`sections fetched by this server from other origins than the browser's: ${pairs}`);
  }

  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // first of all, so that every answer is logged: pages, files, 429s and the API alike
  if (json) {
    const express = app.getHttpAdapter().getInstance() as { get: (name: string) => unknown };
    const trust = express.get('trust proxy fn') as (address: string, hop: number) => boolean;
    app.use(pinoHttp(requestLogOptions((address) => trust(address, 0))));
  }
  app.setGlobalPrefix('api');
  // cookies parsed once, before anything reads them (the preview cookie decides a page's CSP)
  app.use(cookieParser(secret.secret));
  const liveSections = app.get(LiveSections);
  useSecurityHeaders(app, config, async (req) => (await liveSections.forRequest(req)).origins);
  // the preview origin's listener answers previews and nothing else (site/preview-gate.ts)
  usePreviewGate(app, liveSections, app.get(PreviewOrigin));
  app.use(compression());
  // a site on another origin may call the API with cookies only when ALLOWED_ORIGINS names it
  if (config.allowedOrigins.length > 0) app.enableCors({ origin: config.allowedOrigins, credentials: true });
  // the login throttle knows the owner's browsers by their device cookie (parsed above)
  const ownerDevices = app.get(OwnerDevices);
  useRateLimits(app, config, database, (req) => ownerDevices.recognise(req));
  acceptBeaconBodies(app);
  acceptJsonBodies(app);
  serveRemotesJson(app, liveSections);
  // before the site's pages: a preview link's path has no extension, like a page's
  serveReleases(app);
  if (config.siteDir) serveSite(app, config.siteDir, app.get(SitePages), resumeJsonFile(config));
  await app.init();
  return app;
}
