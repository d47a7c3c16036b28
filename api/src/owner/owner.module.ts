import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ContactModule } from '../contact/contact.module.js';
import { InboxController } from './inbox.controller.js';
import { InboxService } from './inbox.service.js';
import { OwnerAuthController } from './owner-auth.controller.js';
import { OwnerDevices } from './owner-devices.js';
import { OwnerPassword } from './owner-password.js';
import { OwnerSessionGuard } from './owner-session.guard.js';
import { OwnerSessions } from './owner-sessions.service.js';

/** The owner's area: the password, the session every owner call needs, the inbox of contact messages. */
@Module({
  imports: [ContactModule],
  controllers: [OwnerAuthController, InboxController],
  providers: [OwnerSessions, OwnerSessionGuard, OwnerPassword, OwnerDevices, InboxService],
  exports: [OwnerSessions, OwnerSessionGuard, OwnerDevices],
})
export class OwnerModule implements NestModule {
  /** The owner's answers (messages, sessions) are never kept by a browser or proxy cache. */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply((_req: Request, res: Response, next: NextFunction) => {
        res.setHeader('Cache-Control', 'no-store');
        next();
      })
      .forRoutes('owner', 'owner/*path');
  }
}
