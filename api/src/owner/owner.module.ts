import { Module } from '@nestjs/common';
import { OwnerSessionGuard } from './owner-session.guard.js';
import { OwnerSessions } from './owner-sessions.service.js';

/** The owner's area: the password, the session every owner call needs, the inbox of contact messages. */
@Module({
  providers: [OwnerSessions, OwnerSessionGuard],
  exports: [OwnerSessions, OwnerSessionGuard],
})
export class OwnerModule {}
