import type { NestExpressApplication } from '@nestjs/platform-express';
import { rateLimit } from 'express-rate-limit';
import { rumPath } from '@portfolio/contracts/field-events';
import { loginThrottle } from '@portfolio/contracts/owner';
import type { AppConfig } from '../config/app-config.js';
import type { Database } from '../storage/database.js';
import { apiError } from './api-error.js';
import { DatabaseRateLimitStore } from './rate-limit-store.js';

/**
 * Per client (its address as `trust proxy`, i.e. TRUST_PROXY, reads it) and per window, before the body
 * is read: 429 with Retry-After. Counted in the database, so replicas share one budget per client.
 * express-rate-limit rather than @nestjs/throttler, whose CommonJS build cannot load ESM-only Nest 12
 * under jest on Node 20.
 */
export function useRateLimits(app: NestExpressApplication, config: AppConfig, database: Database): void {
  const limited = (path: string, name: string, limit: number) =>
    app.use(
      path,
      rateLimit({
        windowMs: config.rateLimit.windowMs,
        limit,
        store: new DatabaseRateLimitStore(database, `${name}:`),
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        handler: (_req, res) => {
          res.status(429).json(apiError(429, 'Too many requests; please wait a moment and try again.'));
        },
      }),
    );
  limited('/api/verify', 'verify', config.rateLimit.verify);
  limited('/api/contact', 'contact', config.rateLimit.contact);
  // the PDF is cached, but each answer is still 8 KB: a loop of downloads should not be free
  limited('/api/download', 'download', config.rateLimit.download);
  // a visitor's page sends a beacon when it is hidden, and one per 30 events: a few a minute at most
  limited(rumPath, 'rum', config.rateLimit.rum);
  useLoginThrottle(app, config, database);
}

/**
 * Wrong owner passwords (401s only: a login that works, or a request refused for another reason, costs
 * nothing), per client and for everyone together, so that a guess spread over many addresses is slowed too.
 */
function useLoginThrottle(app: NestExpressApplication, config: AppConfig, database: Database): void {
  const minutes = Math.round(loginThrottle.windowMs / 60_000);
  const throttle = (name: string, limit: number, keyGenerator?: () => string) =>
    rateLimit({
      windowMs: loginThrottle.windowMs,
      limit,
      ...(keyGenerator ? { keyGenerator } : {}),
      store: new DatabaseRateLimitStore(database, `${name}:`),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      skipSuccessfulRequests: true,
      requestWasSuccessful: (_req, res) => res.statusCode !== 401,
      handler: (_req, res) => {
        res.status(429).json(apiError(429, `Too many wrong passwords; wait up to ${minutes} minutes and try again.`));
      },
    });
  app.use('/api/owner/login', throttle('owner-login', config.ownerLogin.perClient));
  app.use(
    '/api/owner/login',
    throttle('owner-login-all', config.ownerLogin.overall, () => 'everyone'),
  );
}
