import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { checkRumBatch } from '@portfolio/contracts/field-events-schema';
import { BadRequestException } from '@nestjs/common';
import { OriginGuard } from '../common/origin.guard.js';
import { invalidBodyMessage } from '../common/schema-body.pipe.js';
import { FieldEventsStore } from './field-events-store.js';

/** Global Privacy Control or Do Not Track: this visitor is not measured, whatever its page sent. */
export const declinesMeasuring = (req: Request) => req.get('sec-gpc') === '1' || req.get('dnt') === '1';

/**
 * POST /api/rum: a beacon of field measurements. After the rate limit (common/rate-limit.ts) and the body
 * (beacon-body.ts): pages of the site only (Origin, 403); a visitor declining to be measured gets 204 and
 * nothing is stored, before the body is even checked; then the batch is checked (400) and stored (204).
 */
@Controller('rum')
@UseGuards(OriginGuard)
export class RumController {
  constructor(private readonly events: FieldEventsStore) {}

  @Post()
  @HttpCode(204)
  async receive(@Body() body: unknown, @Req() req: Request): Promise<void> {
    if (declinesMeasuring(req)) return;
    const check = checkRumBatch(body);
    if (!check.ok) throw new BadRequestException({ message: invalidBodyMessage(check.errors), fields: check.errors });
    await this.events.record(check.value);
  }
}
