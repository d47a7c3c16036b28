import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { ContactPassService } from './contact-pass.service.js';

type RequestWithPass = Request & { contactPass?: string };

const noPass = () =>
  new ForbiddenException({ message: 'Solve the captcha first: this request has no valid contact pass.' });

/** Routes behind the captcha: no valid, unused contact pass, no entry (403, before the body is looked at). */
@Injectable()
export class ContactPassGuard implements CanActivate {
  constructor(private readonly passes: ContactPassService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<RequestWithPass>();
    const nonce = await this.passes.find(req);
    if (!nonce) throw noPass();
    req.contactPass = nonce;
    return true;
  }
}

/** The nonce of the pass ContactPassGuard found, as a handler parameter. */
export const ContactPass = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const nonce = context.switchToHttp().getRequest<RequestWithPass>().contactPass;
  if (!nonce) throw noPass();
  return nonce;
});
