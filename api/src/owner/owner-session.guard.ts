import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import { ownerSessionCookie } from '@portfolio/contracts/owner';
import { requireTrustedOrigin } from '../common/origin.guard.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { cameThroughPreviewOrigin } from '../common/preview-origin.js';
import { type OwnerSessionInfo, OwnerSessions } from './owner-sessions.service.js';

/** What OwnerSessionGuard leaves on the request for the handler. */
type OwnerSession = OwnerSessionInfo;
export type RequestWithOwnerSession = Request & { ownerSession?: OwnerSession };

/** The raw session id a request carries (cookies are parsed once, for the whole app, by cookie-parser). */
export function sessionCookieOf(req: Request): string | undefined {
  const parsed = (req.cookies as Record<string, unknown> | undefined)?.[ownerSessionCookie];
  return typeof parsed === 'string' ? parsed : undefined;
}

const safeMethods = new Set(['GET', 'HEAD']);

/**
 * Every owner call: never through the preview origin (404); a change must come from the site's own Origin (403, checked first so a foreign page
 * costs no database call), then the request needs a live session (401). The session is left on
 * `request.ownerSession`.
 */
@Injectable()
export class OwnerSessionGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: OwnerSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<RequestWithOwnerSession>();
    // the owner's session cookie reaches the preview origin's port too: nothing there is the owner's
    if (cameThroughPreviewOrigin(req)) throw new NotFoundException({ message: 'The preview origin has no owner.' });
    if (!safeMethods.has(req.method)) requireTrustedOrigin(req, this.config);
    const session = await this.sessions.find(sessionCookieOf(req));
    if (!session) throw new UnauthorizedException({ message: 'Log in as the owner first.' });
    req.ownerSession = session;
    return true;
  }
}
