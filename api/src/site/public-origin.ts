import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config/app-config.js';

/** The public origin of a server listening on `port`: SITE_URL, else `http://localhost:<port>`. */
export const publicOriginAt = (config: Pick<AppConfig, 'siteUrl'>, port: number): string =>
  config.siteUrl ?? `http://localhost:${port}`;

/**
 * The site's public origin, for canonical and Open Graph URLs, the sitemap and robots.txt: SITE_URL, else
 * `http://localhost:<the port this server listens on>` (a fresh clone's `npm start`). Never a client's
 * Host, X-Forwarded-Host or X-Forwarded-Proto: a page kept by a CDN must not carry a stranger's host.
 */
export const publicOrigin = (config: Pick<AppConfig, 'siteUrl'>, req: IncomingMessage): string =>
  publicOriginAt(config, req.socket.localPort ?? 0);
