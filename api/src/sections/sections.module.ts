import { Module } from '@nestjs/common';
import { OwnerModule } from '../owner/owner.module.js';
import { LiveSections } from './live-sections.js';
import { OwnerPreviews } from './owner-previews.js';
import { OwnerSectionsController } from './owner-sections.controller.js';
import { OwnerSectionsService } from './owner-sections.service.js';
import { RouteIdsProbe } from './route-ids-probe.js';
import { SectionHealthChecks } from './section-health.js';
import { SectionHistory } from './section-history.js';
import { SiteRemotes } from './site-remotes.js';

/**
 * The sections the site is served with: the live configuration (remotes.json, or the database), the
 * owner's previews over it, and the owner's calls that check, preview, promote and roll back a section.
 * `SiteRemotes` is what server rendering, /remotes.json and the CSP read.
 */
@Module({
  imports: [OwnerModule],
  controllers: [OwnerSectionsController],
  providers: [
    LiveSections,
    OwnerPreviews,
    SectionHistory,
    RouteIdsProbe,
    SectionHealthChecks,
    OwnerSectionsService,
    SiteRemotes,
  ],
  exports: [LiveSections, SiteRemotes],
})
export class SectionsModule {}
