import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  ForbiddenException,
  HttpCode,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import type { Request } from 'express';
import { checkFieldBatch } from '@portfolio/contracts/field-events-schema';
import { OriginGuard } from '../common/origin.guard.js';
import { invalidBodyMessage } from '../common/schema-body.pipe.js';
import { optsOut } from '../common/opts-out.js';
import { beaconLimits } from '@portfolio/contracts/field-events';
import { FieldEventsStore } from './field-events-store.js';
import { PageViewProofs, type ProofRefusal } from './page-view-proofs.js';
import { ErrorGroupsService } from './error-groups/error-groups.js';

const refusals: Record<ProofRefusal, string> = {
  malformed: 'The page view proof cannot be read.',
  forged: 'The page view proof is not one this site made.',
  expired: 'The page view proof has expired: a page counts for an hour after it was sent.',
};

/**
 * POST /api/rum: a beacon of field measurements. After the rate limit (common/rate-limit.ts) and the body
 * (beacon-body.ts): pages of the site only (Origin, 403); a visitor declining to be measured gets 204 and
 * nothing is stored, before the body is even checked; then the batch is checked (400), its page view proof too
 * (403: none of this site's, or expired), its errors fingerprinted (error-groups/), and it is stored (204),
 * unless its page view has sent a page's worth of events already (409).
 */
@Controller('rum')
@UseGuards(OriginGuard)
export class BeaconsController {
  constructor(
    private readonly events: FieldEventsStore,
    private readonly proofs: PageViewProofs,
    private readonly errorGroups: ErrorGroupsService,
  ) {}

  @Post()
  @HttpCode(204)
  async receive(@Body() body: unknown, @Req() req: Request): Promise<void> {
    if (optsOut(req)) return;
    const check = checkFieldBatch(body);
    if (!check.ok) throw new BadRequestException({ message: invalidBodyMessage(check.errors), fields: check.errors });
    const view = await this.proofs.verify(check.value.proof);
    if (typeof view === 'string') throw new ForbiddenException({ message: refusals[view] });
    const errors = await this.errorGroups.fingerprint(check.value.events, view);
    if (!(await this.events.record(check.value.events, view, new Date(), errors)))
      throw new ConflictException({
        message: `This page view has sent the ${beaconLimits.pageEvents} events a page may send.`,
      });
  }
}
