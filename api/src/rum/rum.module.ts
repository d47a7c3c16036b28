import { Module } from '@nestjs/common';
import { OwnerModule } from '../owner/owner.module.js';
import { FieldEventsStore } from './field-events-store.js';
import { FieldHealthController } from './field-health.controller.js';
import { FieldHealthService } from './field-health.service.js';
import { RawEventsCleanup } from './raw-events-cleanup.js';
import { RumController } from './rum.controller.js';

/**
 * Field measurements (docs/architecture.md "Field measurements"): visitors' beacons at POST /api/rum, kept as
 * daily aggregates and 30 days of raw events; the owner's health view of them. Its middleware (beacon bodies,
 * rate limit) is wired in create-app.ts with the others, before the JSON body parser.
 */
@Module({
  imports: [OwnerModule],
  controllers: [RumController, FieldHealthController],
  providers: [FieldEventsStore, FieldHealthService, RawEventsCleanup],
})
export class RumModule {}
