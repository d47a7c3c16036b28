import { Module } from '@nestjs/common';
import { OwnerModule } from '../owner/owner.module.js';
import { LiveConfig } from './live-config.js';
import { LiveSections } from './live-sections.service.js';
import { OwnerPreviews } from './owner-previews.js';
import { OwnerSectionsController } from './owner-sections.controller.js';
import { OwnerSectionsService } from './owner-sections.service.js';
import { SectionHealthChecks } from './section-health.js';
import { SectionHistory } from './section-history.js';
import { SectionManifests } from './section-manifests.js';
import { SectionRenderers } from './section-renderers.js';

/**
 * Which build of each section serves a request: the live configuration (remotes.json, or the database),
 * the owner's previews over it, the sections' manifests and the render workers, and the owner's calls
 * that check, preview, promote and roll back a section. `LiveSections` is its one public face: server
 * rendering, /remotes.json and the CSP read it; nothing outside this folder imports anything else here.
 */
@Module({
  imports: [OwnerModule],
  controllers: [OwnerSectionsController],
  providers: [
    LiveConfig,
    OwnerPreviews,
    SectionManifests,
    SectionRenderers,
    SectionHealthChecks,
    SectionHistory,
    OwnerSectionsService,
    LiveSections,
  ],
  exports: [LiveSections],
})
export class LiveSectionsModule {}
