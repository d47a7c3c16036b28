import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { type Options, rateLimit } from 'express-rate-limit';
import { beaconPath } from '@portfolio/contracts/field-events';
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
export function useRateLimits(
  app: NestExpressApplication,
  config: AppConfig,
  database: Database,
  knownDevice: KnownDevice,
): void {
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
  limited(beaconPath, 'rum', config.rateLimit.rum);
  useLoginThrottle(app, config, database, knownDevice);
}

/** The id of a browser that has logged in before with the current password, or null (owner/owner-devices.ts). */
type KnownDevice = (req: Request) => Promise<string | null>;

/**
 * Wrong owner passwords (401s only: a login that works, or a request refused for another reason, costs
 * nothing). A browser with a valid device cookie has its own budget and is locked out alone when it spends
 * it; every other request shares the per-client budget and the overall one, so a guess spread over many
 * addresses is slowed too, without locking the owner's known browser out (OWASP's device cookies).
 *
 * Each login is counted before it is looked at (so guesses sent at once cannot all slip under the limit) and
 * refunded when it was not a wrong password, before its answer leaves: express-rate-limit's own refund
 * (`skipSuccessfulRequests`) runs once the answer has been sent, so a client's next guess could be counted
 * before it, and refused one guess early (on PostgreSQL the two run on two connections).
 */
function useLoginThrottle(
  app: NestExpressApplication,
  config: AppConfig,
  database: Database,
  knownDevice: KnownDevice,
): void {
  const minutes = Math.round(loginThrottle.windowMs / 60_000);
  const deviceOf = (res: Response): string | null => (res.locals as { ownerDevice: string | null }).ownerDevice;
  /** each throttle's store, and where it leaves what it counted on the request (its key) */
  const counters: Array<{ store: DatabaseRateLimitStore; property: string }> = [];
  const throttle = (name: string, limit: number, counted: Pick<Partial<Options>, 'skip' | 'keyGenerator'>) => {
    const store = new DatabaseRateLimitStore(database, `${name}:`);
    const property = `throttle:${name}`;
    counters.push({ store, property });
    return rateLimit({
      windowMs: loginThrottle.windowMs,
      limit,
      ...counted,
      store,
      requestPropertyName: property,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).json(apiError(429, `Too many wrong passwords; wait up to ${minutes} minutes and try again.`));
      },
    });
  };
  const path = '/api/owner/login';
  app.use(path, (req: Request, res: Response, next: NextFunction) => {
    refundUnlessWrong(req, res, counters);
    knownDevice(req).then((device) => {
      res.locals.ownerDevice = device;
      next();
    }, next);
  });
  const fromKnownDevice = (_req: Request, res: Response) => deviceOf(res) !== null;
  app.use(
    path,
    throttle('owner-login-device', config.ownerLogin.perDevice, {
      skip: (_req, res) => deviceOf(res) === null,
      keyGenerator: (_req, res) => deviceOf(res) ?? '',
    }),
  );
  app.use(path, throttle('owner-login', config.ownerLogin.perClient, { skip: fromKnownDevice }));
  app.use(
    path,
    throttle('owner-login-all', config.ownerLogin.overall, { skip: fromKnownDevice, keyGenerator: () => 'everyone' }),
  );
}

/**
 * Holds the end of an answer that is not a 401 (a wrong password) until what the throttles counted for it is
 * taken back: its client learns the answer only once its budget is as it was (the 429 of a spent budget included,
 * as a refusal costs nothing). A connection closed before an answer keeps its count.
 */
function refundUnlessWrong(
  req: Request,
  res: Response,
  counters: ReadonlyArray<{ store: DatabaseRateLimitStore; property: string }>,
): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    const keys = counters.flatMap(({ store, property }) => {
      const info = (req as unknown as Record<string, { key: string } | undefined>)[property];
      return info ? [{ store, key: info.key }] : [];
    });
    if (res.statusCode === 401 || keys.length === 0) return end(...args);
    void Promise.all(keys.map(({ store, key }) => store.decrement(key)))
      .catch(() => undefined /* a refund lost costs the client one guess of its window, no more */)
      .finally(() => end(...args));
    return res;
  }) as Response['end'];
}
