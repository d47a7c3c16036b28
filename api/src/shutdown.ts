import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { PreviewOrigin } from './common/preview-origin.js';

/** After a stop, how long requests in flight may finish before their connections are cut. */
export const requestGraceMs = 3_000;

/**
 * Stops the server whatever its clients do: no new connections, idle keep-alive ones closed at once,
 * requests in flight given a few seconds, then every connection cut (a half-sent request would
 * otherwise hold the stop for minutes). Meanwhile Nest stops the outbox, which marks a mail sent
 * during the stop as delivered, and closes the database last.
 */
export async function stopApp(app: INestApplication): Promise<void> {
  // the site's listener and the preview origin's (common/preview-origin.ts), when it has one
  const servers = [app.getHttpServer() as Server, app.get(PreviewOrigin).server].filter((server) => server !== null);
  for (const server of servers) {
    server.close();
    server.closeIdleConnections();
  }
  const cut = setTimeout(() => {
    for (const server of servers) server.closeAllConnections();
  }, requestGraceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
