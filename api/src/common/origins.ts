import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config/app-config.js';

/**
 * The two origins this server names, each with one rule. The public origin is where visitors reach the site: in
 * canonical and Open Graph URLs, the sitemap and robots.txt, resume.json, where a preview's banner and end lead.
 * The self origin is where this server reaches itself: site-relative section URLs are fetched and checked there.
 * Neither is ever read from a client's Host, X-Forwarded-Host or X-Forwarded-Proto: a page kept by a CDN must not
 * carry a stranger's host, and no client header may steer where the server fetches code from.
 */

/** The public origin of a server listening on `port`: SITE_URL, else `http://localhost:<port>` (a fresh clone's `npm start`). */
export const publicOriginAt = (config: Pick<AppConfig, 'siteUrl'>, port: number): string =>
  config.siteUrl ?? `http://localhost:${port}`;

/** The public origin, for a request: SITE_URL, else localhost and the port the request came in on. */
export const publicOrigin = (config: Pick<AppConfig, 'siteUrl'>, req: IncomingMessage): string =>
  publicOriginAt(config, req.socket.localPort ?? 0);

/** Where this server, listening on `port`, answers itself: its own loopback socket. */
export const selfOriginAt = (port: number): string => `http://127.0.0.1:${port}`;

/** Where this server answers itself, for a request: the port the request came in on (its socket, never a header). */
export const selfOriginOf = (req: IncomingMessage): string => selfOriginAt(req.socket.localPort ?? 0);
