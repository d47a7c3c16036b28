import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { AppModule } from './app.module.js';
import { cookieSecret } from './captcha/cookie-secret.js';
import { acceptJsonBodies } from './common/json-body.js';
import { useRateLimits } from './common/rate-limit.js';
import { useSecurityHeaders } from './common/security-headers.js';
import type { AppConfig } from './config/app-config.js';
import { serveSite } from './site/serve-site.js';

/** The whole server: the API under /api and, unless told otherwise, the built site on the same origin. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  // Nest types its options as a class; a plain object is what its documentation passes
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    logger: process.env.NODE_ENV === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
    bodyParser: false,
  });
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.setGlobalPrefix('api');
  useSecurityHeaders(app, config);
  app.use(compression());
  // a site on another origin may call the API with cookies only when ALLOWED_ORIGINS names it
  if (config.allowedOrigins.length > 0) app.enableCors({ origin: config.allowedOrigins, credentials: true });
  useRateLimits(app, config);
  app.use('/api', cookieParser(cookieSecret(config)));
  acceptJsonBodies(app);
  if (config.siteDir) serveSite(app, { ...config, siteDir: config.siteDir });
  app.enableShutdownHooks();
  await app.init();
  return app;
}
