import {
  Body,
  ConflictException,
  Controller,
  Delete,
  Get,
  HttpCode,
  Logger,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { markReadSchema, type InboxMessage, type InboxPage, type MarkRead } from '@portfolio/contracts/owner';
import { SchemaBodyPipe } from '../common/schema-body.pipe.js';
import { OutboxWorker } from '../contact/outbox-worker.js';
import { InboxService } from './inbox.service.js';
import { MessageIdPipe, PageNumberPipe } from './inbox-params.js';
import { OwnerSessionGuard } from './owner-session.guard.js';

const noSuchMessage = () => new NotFoundException({ message: 'There is no such message (it may have been deleted).' });

/** The owner's inbox: every stored contact message, newest first, with its delivery and read state. */
@Controller('owner/messages')
@UseGuards(OwnerSessionGuard)
export class InboxController {
  private readonly logger = new Logger('Inbox');

  constructor(
    private readonly inbox: InboxService,
    private readonly outbox: OutboxWorker,
  ) {}

  @Get()
  list(@Query('page', PageNumberPipe) page: number): Promise<InboxPage> {
    return this.inbox.page(page);
  }

  @Patch(':id')
  async markRead(
    @Param('id', MessageIdPipe) id: number,
    @Body(new SchemaBodyPipe(markReadSchema)) body: MarkRead,
  ): Promise<InboxMessage> {
    const message = await this.inbox.markRead(id, body.read);
    if (!message) throw noSuchMessage();
    return message;
  }

  @Post(':id/send-now')
  @HttpCode(200)
  async sendNow(@Param('id', MessageIdPipe) id: number): Promise<InboxMessage> {
    if (!this.outbox.delivers) {
      throw new ConflictException({ message: 'Mail cannot go out: SMTP_URL is not set on the server.' });
    }
    const outcome = await this.inbox.sendNow(id);
    if (outcome === 'unknown') throw noSuchMessage();
    if (outcome === 'delivered') throw new ConflictException({ message: 'This message has been delivered already.' });
    this.logger.log(`contact message #${id}: the owner asked to send it again now`);
    this.outbox.kick();
    return outcome.message;
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', MessageIdPipe) id: number): Promise<void> {
    if (!(await this.inbox.remove(id))) throw noSuchMessage();
  }
}
