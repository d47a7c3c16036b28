import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';

/** After a stop, how long requests in flight may finish before their connections are cut. */
export const requestGraceMs = 3_000;

/**
 * Stops the server whatever its clients do: no new connections, idle keep-alive ones closed at once,
 * requests in flight given a few seconds, then every connection cut (a half-sent request would
 * otherwise hold the stop for minutes). Meanwhile Nest stops the outbox, which marks a mail sent
 * during the stop as delivered, and closes the database last.
 */
export async function stopApp(app: INestApplication): Promise<void> {
  const server = app.getHttpServer() as Server;
  server.close();
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), requestGraceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
