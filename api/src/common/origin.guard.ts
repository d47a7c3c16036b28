import { type CanActivate, type ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { cameThroughPreviewOrigin } from './preview-origin.js';

/**
 * The origin a request claims to come from, when the server trusts it (its own, or configured); never the
 * preview origin's, nor anything that came in through its listener (common/preview-origin.ts).
 */
function trustedOrigin(req: Request, config: AppConfig): string | null {
  const origin = req.get('origin');
  if (!origin || cameThroughPreviewOrigin(req) || origin === config.previewOrigin) return null;
  const own = `${req.protocol}://${req.get('host') ?? ''}`;
  return origin === own || config.allowedOrigins.includes(origin) ? origin : null;
}

/** The trusted origin of a request, or the 403 every cookie-credentialed POST from elsewhere gets. */
export function requireTrustedOrigin(req: Request, config: AppConfig): string {
  const origin = trustedOrigin(req, config);
  if (!origin) throw new ForbiddenException({ message: 'This request must come from a page of the site.' });
  return origin;
}

/**
 * Cookie-credentialed POSTs answer only pages of the site itself: a browser always sends Origin
 * on a POST, so a missing or foreign one is refused (CSRF defence on top of SameSite=Strict).
 */
@Injectable()
export class OriginGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    requireTrustedOrigin(context.switchToHttp().getRequest<Request>(), this.config);
    return true;
  }
}
