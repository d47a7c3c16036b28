import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ContactPassService } from './contact-pass.service.js';

/** Routes behind the captcha: no valid, unused contact pass, no entry (403, before the body is looked at). */
@Injectable()
export class ContactPassGuard implements CanActivate {
  constructor(private readonly passes: ContactPassService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { contactPass?: string }>();
    const nonce = await this.passes.find(req);
    if (!nonce)
      throw new ForbiddenException({ message: 'Solve the captcha first: this request has no valid contact pass.' });
    req.contactPass = nonce;
    return true;
  }
}
