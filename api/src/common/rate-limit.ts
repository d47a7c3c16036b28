import type { NestExpressApplication } from '@nestjs/platform-express';
import { rateLimit } from 'express-rate-limit';
import type { AppConfig } from '../config/app-config.js';
import { apiError } from './api-error.js';

/**
 * Per client (IP; a proxy on loopback is trusted for X-Forwarded-For) and per window, before the body is
 * read: 429 with Retry-After. express-rate-limit rather than @nestjs/throttler, whose CommonJS build
 * cannot load ESM-only Nest 12 under jest on Node 20.
 */
export function useRateLimits(app: NestExpressApplication, config: AppConfig): void {
  const limited = (path: string, limit: number) =>
    app.use(
      path,
      rateLimit({
        windowMs: config.rateLimit.windowMs,
        limit,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        handler: (_req, res) => {
          res.status(429).json(apiError(429, 'Too many requests; please wait a moment and try again.'));
        },
      }),
    );
  limited('/api/verify', config.rateLimit.verify);
  limited('/api/contact', config.rateLimit.contact);
  // the PDF is cached, but each answer is still 8 KB: a loop of downloads should not be free
  limited('/api/download', config.rateLimit.download);
}
