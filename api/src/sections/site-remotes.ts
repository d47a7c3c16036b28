import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { ownerPreviewCookie } from '@portfolio/contracts/owner';
import type { RemotesConfig } from '@portfolio/contracts/remote-routes';
import { parseRemotesConfig } from '@portfolio/contracts/remotes-config';
import { originsIn } from '../site/remote-origins.js';
import { LiveSections } from './live-sections.js';
import { OwnerPreviews, type Preview } from './owner-previews.js';

/** What one request is served with: the live sections, and the owner's preview over them if it carries one. */
export interface RequestRemotes {
  live: RemotesConfig | null;
  /** the sections this browser previews (only a live owner session's preview cookie has any) */
  preview: Preview | null;
  /** live with the preview merged over it: what this browser gets */
  config: RemotesConfig | null;
  /** the origins of every absolute URL this browser may load sections from (for the CSP) */
  origins: string[];
}

/** The value of one cookie in a request's Cookie header (pages are outside /api's cookie parser). */
export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function liveConfig(entries: Record<string, unknown>): RemotesConfig | null {
  try {
    return parseRemotesConfig(entries);
  } catch {
    return null;
  }
}

/**
 * The sections a request is served with, worked out once per request: server rendering, /remotes.json
 * and the CSP all ask, and must agree.
 */
@Injectable()
export class SiteRemotes {
  private readonly known = new WeakMap<IncomingMessage, Promise<RequestRemotes>>();

  constructor(
    private readonly liveSections: LiveSections,
    private readonly previews: OwnerPreviews,
  ) {}

  /** The live configuration alone, as every visitor gets it. */
  live(): Promise<RemotesConfig | null> {
    return this.liveSections.current();
  }

  forRequest(req: IncomingMessage): Promise<RequestRemotes> {
    let remotes = this.known.get(req);
    if (!remotes) {
      remotes = this.resolve(req);
      this.known.set(req, remotes);
    }
    return remotes;
  }

  private async resolve(req: IncomingMessage): Promise<RequestRemotes> {
    const token = cookieValue(req, ownerPreviewCookie);
    const [entries, preview] = await Promise.all([
      this.liveSections.entries(),
      token ? this.previews.forToken(token) : null,
    ]);
    const live = liveConfig(entries);
    return {
      live,
      preview,
      config: live && preview ? { ...live, ...preview } : live,
      origins: originsIn({ ...entries, ...preview }),
    };
  }
}
