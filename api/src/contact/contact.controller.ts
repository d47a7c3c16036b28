import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ContactResponse } from '@portfolio/contracts/contact';
import { ContactPass, ContactPassGuard } from '../captcha/contact-pass.guard.js';
import { ContactPassService } from '../captcha/contact-pass.service.js';
import { OriginGuard } from '../common/origin.guard.js';
import { ContactService } from './contact.service.js';
import { contactMessagePipe, type ContactMessage } from './dto/contact-message.dto.js';
import { OutboxWorker } from './outbox-worker.js';

/**
 * Call 3 of docs/product-rules.md: POST /api/contact. After the rate limit (common/rate-limit.ts): the Origin check, then the contact pass (403),
 * then the fields (400, the pass stays usable for a corrected send), then store and answer the id.
 */
@Controller('contact')
@UseGuards(OriginGuard, ContactPassGuard)
export class ContactController {
  constructor(
    private readonly contacts: ContactService,
    private readonly passes: ContactPassService,
    private readonly outbox: OutboxWorker,
  ) {}

  @Post()
  @HttpCode(200)
  async contact(
    @Body(contactMessagePipe) message: ContactMessage,
    @ContactPass() pass: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContactResponse> {
    const contactID = await this.contacts.store(message, pass);
    this.passes.clear(req, res);
    this.outbox.noteStored(contactID);
    this.outbox.kick();
    return { contactID };
  }
}
