import { Controller, Get, UseGuards } from '@nestjs/common';
import type { FieldHealth } from '@portfolio/contracts/field-events';
import { OwnerSessionGuard } from '../owner/owner-session.guard.js';
import { FieldHealthService } from './field-health.service.js';

/** GET /api/owner/field-health: the owner's view of the last days in visitors' browsers (session, 401). */
@Controller('owner/field-health')
@UseGuards(OwnerSessionGuard)
export class FieldHealthController {
  constructor(private readonly health: FieldHealthService) {}

  @Get()
  lastDays(): Promise<FieldHealth> {
    return this.health.lastDays();
  }
}
