import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import type { DeployToken } from '@portfolio/contracts/section-releases';
import { sectionNamed } from '../../common/section-named.js';
import { DeployTokens } from './deploy-tokens.js';

export type RequestWithDeployToken = Request & { deployToken?: DeployToken };

/** The token a guarded handler was let in with. */
export function deployTokenOf(req: RequestWithDeployToken): DeployToken {
  if (!req.deployToken) throw new Error('DeployTokenGuard did not run');
  return req.deployToken;
}

/**
 * A section's developer or their CI: `Authorization: Bearer <deploy token>` of the section the path names.
 * No token, an unknown or revoked one: 401; a token of another section: 403. No cookie is read, so no
 * Origin check is needed (a browser never sends this header on its own).
 */
@Injectable()
export class DeployTokenGuard implements CanActivate {
  constructor(private readonly tokens: DeployTokens) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<RequestWithDeployToken>();
    const section = sectionNamed(String(req.params.name));
    const secret = /^Bearer (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!secret) throw new UnauthorizedException({ message: 'Send a deploy token: Authorization: Bearer <token>.' });
    const token = await this.tokens.verify(secret);
    if (!token) throw new UnauthorizedException({ message: 'This deploy token is unknown or revoked.' });
    if (token.section !== section)
      throw new ForbiddenException({
        message: `This deploy token is for the ${token.section} section, not ${section}.`,
      });
    req.deployToken = token;
    return true;
  }
}
