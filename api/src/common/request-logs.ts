import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';

/** An id a proxy may hand over: short, and nothing that could break a log line or a header. */
const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * pino-http's options for production (NODE_ENV=production): one JSON line per request with its id, method,
 * path (no query string: it may hold a token), status and time. No headers, cookies or bodies are logged.
 * The id is the trusted proxy's X-Request-Id (nginx's $request_id), else a new one; it is sent back.
 */
export function requestLogOptions(isTrustedProxy: (address: string) => boolean): Options {
  return {
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const given = req.headers['x-request-id'];
      const fromProxy = typeof given === 'string' && isTrustedProxy(req.socket.remoteAddress ?? '');
      const id = fromProxy && requestIdPattern.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  };
}
