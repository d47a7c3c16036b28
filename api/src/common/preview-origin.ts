import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { publicOriginAt } from './origins.js';

/** The connections the preview listener accepted: a request's socket says where it came in, whatever its headers. */
const previewSockets = new WeakSet<Socket>();

/**
 * Whether a request came in through the preview origin's listener. Only its socket decides: no header a client
 * sends (Host, Origin, X-Forwarded-*) makes a request of the site's origin a preview's, or the other way round.
 */
export const cameThroughPreviewOrigin = (req: IncomingMessage): boolean => previewSockets.has(req.socket);

/**
 * The preview origin (docs/decisions/0020-previews-on-a-preview-origin.md): a second listener of this same
 * application, on PREVIEW_PORT, where previews of sections run. Code the owner has not accepted (a release not
 * promoted or put in an experiment, a candidate URL) runs there only, never on the site's origin, where the owner's
 * session is: a preview's scripts cannot call the owner's API with it. site/preview-gate.ts says what it serves.
 * It listens only where the site is served (pages are what a preview shows).
 */
@Injectable()
export class PreviewOrigin implements OnApplicationBootstrap {
  /** the preview listener; null where the site is not served (SERVE_SITE=false) */
  server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.siteDir) return;
    const handle = this.adapterHost.httpAdapter.getInstance<(req: IncomingMessage, res: unknown) => void>();
    const server = createServer(handle);
    server.on('connection', (socket: Socket) => previewSockets.add(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            `The preview origin cannot listen on port ${this.config.previewPort} (PREVIEW_PORT, default PORT+1): ` +
              `${error.code ?? error.message}. Set PREVIEW_PORT to a free port.`,
          ),
        ),
      );
      server.listen(this.config.previewPort, () => resolve());
    });
    this.server = server;
  }

  /** The port previews are served on here (PREVIEW_PORT, or the one a random port turned out to be). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? this.config.previewPort;
  }

  /** Where visitors open previews: PREVIEW_ORIGIN, else SITE_URL's host (else localhost) and the preview port. */
  get url(): string {
    if (this.config.previewOrigin) return this.config.previewOrigin;
    const host = this.config.siteUrl ? new URL(this.config.siteUrl).hostname : 'localhost';
    return `http://${host}:${this.port}`;
  }

  /** The site's own origin, where a preview's banner and its end lead: SITE_URL, else localhost and PORT. */
  get siteUrl(): string {
    if (this.config.siteUrl) return this.config.siteUrl;
    const main = this.adapterHost.httpAdapter.getHttpServer() as Server;
    return publicOriginAt(this.config, (main.address() as AddressInfo | null)?.port ?? this.config.port);
  }
}
