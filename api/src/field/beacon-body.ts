import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { notAnObject } from '@portfolio/contracts/body-check';
import { beaconLimits, beaconPath } from '@portfolio/contracts/field-events';
import { apiError } from '../common/api-error.js';

/** A key that would reach an object's prototype when copied (zod copies a record's keys): refused outright. */
const prototypeKeys = new Set(['__proto__', 'constructor', 'prototype']);
function refusePrototypeKeys(key: string, value: unknown): unknown {
  if (prototypeKeys.has(key)) throw new Error(`refused key ${key}`);
  return value;
}

const errorJson = (res: Response, statusCode: number, message: string) =>
  res.status(statusCode).json(apiError(statusCode, message));

/**
 * `navigator.sendBeacon` with a string sends `text/plain` (a CORS-safelisted type, so no preflight): at
 * /api/rum that, or application/json, is read as JSON, at most beaconLimits.bodyBytes. Anything else falls through
 * to common/json-body.ts, which refuses it with 415. Mounted before it.
 */
export function acceptBeaconBodies(app: NestExpressApplication): void {
  app.use(beaconPath, (req: Request, res: Response, next: NextFunction) => {
    const charset = /;\s*charset="?([^";]+)/i.exec(req.get('content-type') ?? '')?.[1];
    if (charset && charset.toLowerCase() !== 'utf-8') return errorJson(res, 415, 'Send the body as UTF-8 JSON.');
    next();
  });
  app.use(beaconPath, express.text({ type: ['text/plain', 'application/json'], limit: beaconLimits.bodyBytes }));
  app.use(beaconPath, (req: Request, res: Response, next: NextFunction) => {
    if (typeof req.body !== 'string') {
      next();
      return;
    }
    try {
      req.body = JSON.parse(req.body, refusePrototypeKeys) as unknown;
    } catch {
      return errorJson(res, 400, notAnObject);
    }
    next();
  });
  app.use(beaconPath, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: string } | null)?.type;
    if (type === 'entity.too.large')
      return errorJson(res, 413, `The body must be at most ${beaconLimits.bodyBytes} bytes.`);
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      return errorJson(res, 415, 'Send the body as UTF-8 JSON.');
    }
    if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.encoding.set') {
      return errorJson(res, 400, 'The body could not be read.');
    }
    next(error);
  });
}
