import { Module } from '@nestjs/common';
import { CaptchaController } from './captcha.controller.js';
import { ContactPassGuard } from './contact-pass.guard.js';
import { ContactPassService } from './contact-pass.service.js';
import { SiteverifyClient } from './siteverify-client.js';

/** Captcha checks and the contact pass they grant; the contact module guards its route with the pass. */
@Module({
  controllers: [CaptchaController],
  providers: [SiteverifyClient, ContactPassService, ContactPassGuard],
  exports: [ContactPassService, ContactPassGuard],
})
export class CaptchaModule {}
