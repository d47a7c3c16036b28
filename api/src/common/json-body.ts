import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { notAnObject } from '@portfolio/contracts/body-check';
import { apiError } from './api-error.js';

/** No payload of this API comes near this; anything larger is refused before it is read. */
const jsonBodyLimit = '16kb';

/** POST /api/sections/:name/releases, as seen below /api */
const releaseUploadPath = /^\/sections\/[^/]+\/releases\/?$/;

const errorJson = (res: Response, statusCode: number, message: string) =>
  res.status(statusCode).json(apiError(statusCode, message));

/**
 * JSON-only bodies with a size limit (an empty one is no body). Every way a body can be wrong gets a fast 4xx with a JSON
 * error: not JSON (415), malformed (400), too large (413). Nothing a client sends reaches a 5xx.
 */
export function acceptJsonBodies(app: NestExpressApplication): void {
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const mayHaveBody = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH';
    // an action without a body (logout, send-now) may come without a Content-Type
    const empty =
      req.get('content-length') === '0' ||
      (req.get('content-length') === undefined && req.get('transfer-encoding') === undefined);
    // a body its route has read already (a beacon at /api/rum, rum/beacon-body.ts) is left alone
    const read = req.body !== undefined;
    // a section release's archive is read by its route, after its deploy token is checked
    const releaseUpload = req.method === 'POST' && releaseUploadPath.test(req.path);
    if (mayHaveBody && !empty && !read && !releaseUpload && !req.is('application/json')) {
      return errorJson(res, 415, 'Send the request body as application/json.');
    }
    next();
  });
  app.use('/api', express.json({ limit: jsonBodyLimit, strict: true }));
  app.use('/api', (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: string } | null)?.type;
    if (type === 'entity.too.large') return errorJson(res, 413, `The body must be at most ${jsonBodyLimit}.`);
    if (type === 'entity.parse.failed') return errorJson(res, 400, notAnObject);
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      return errorJson(res, 415, 'Send the body as UTF-8 JSON.');
    }
    if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.encoding.set') {
      return errorJson(res, 400, 'The body could not be read.');
    }
    next(error);
  });
}
