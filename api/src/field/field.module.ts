import { Module } from '@nestjs/common';
import { ServedVisitors } from '../experiments/served-visitors.js';
import { LiveSectionsModule } from '../live-sections/live-sections.module.js';
import { OwnerModule } from '../owner/owner.module.js';
import { ErrorGroupsService } from './error-groups/error-groups.js';
import { ReleaseSourceMaps } from './error-groups/release-source-maps.js';
import { FieldCleanup } from './field-cleanup.js';
import { FieldEventsStore } from './field-events-store.js';
import { FieldHealthController } from './field-health.controller.js';
import { FieldHealthService } from './field-health.service.js';
import { MeasuredPages } from './measured-pages.js';
import { PageViewProofs } from './page-view-proofs.js';
import { BeaconsController } from './beacons.controller.js';

/**
 * Field measurements (docs/architecture.md "Field measurements"): each page's proof of its view (the site's pages
 * go through MeasuredPages, which also counts experiments' visitors as served), visitors' beacons at POST /api/rum,
 * kept as daily aggregates and 30 days of raw events; the owner's health view of them. Its middleware (beacon
 * bodies, rate limit) is wired in create-app.ts with the others, before the JSON body parser.
 */
@Module({
  // the release files and the live configuration: the error groups read a release's maps and compare with live
  imports: [OwnerModule, LiveSectionsModule],
  controllers: [BeaconsController, FieldHealthController],
  providers: [
    ErrorGroupsService,
    ReleaseSourceMaps,
    FieldEventsStore,
    FieldHealthService,
    FieldCleanup,
    PageViewProofs,
    ServedVisitors,
    MeasuredPages,
  ],
  exports: [MeasuredPages],
})
export class FieldModule {}
