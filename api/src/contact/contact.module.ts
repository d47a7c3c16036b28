import { Module } from '@nestjs/common';
import { CaptchaModule } from '../captcha/captcha.module.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { Mailer } from './mailer.js';
import { OutboxWorker } from './outbox-worker.js';

/** Contact messages: stored behind the captcha's pass, mailed to the owner from the outbox. */
@Module({
  imports: [CaptchaModule],
  controllers: [ContactController],
  providers: [ContactService, Mailer, OutboxWorker],
  // the owner's inbox wakes it for "Send again now"
  exports: [OutboxWorker],
})
export class ContactModule {}
