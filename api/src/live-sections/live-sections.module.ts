import { Module } from '@nestjs/common';
import { ExperimentAssignments } from '../experiments/experiment-assignments.js';
import { ExperimentsTable } from '../experiments/experiments-table.js';
import { OwnerModule } from '../owner/owner.module.js';
import { LiveConfig } from './live-config.js';
import { LiveSections } from './live-sections.service.js';
import { OwnerSectionsController } from './owner-sections.controller.js';
import { OwnerSectionsService } from './owner-sections.service.js';
import { SectionHealthChecks } from './section-health.js';
import { SectionHistory } from './section-history.js';
import { SectionManifests } from './section-manifests.js';
import { SectionFiles } from './renderers/section-files.js';
import { SectionRenderers } from './renderers/section-renderers.js';
import { DeployTokenGuard } from './releases/deploy-token.guard.js';
import { DeployTokens } from './releases/deploy-tokens.js';
import { FirstStartReleases } from './releases/first-start-releases.js';
import { OwnerReleasesController } from './releases/owner-releases.controller.js';
import { ReleaseChecks } from './releases/release-checks.js';
import { ReleaseFiles } from './releases/release-files.js';
import { ReleasePreviews } from './releases/release-previews.js';
import { ReleaseRetention } from './releases/release-retention.js';
import { ReleasesTable } from './releases/releases-table.js';
import { SectionReleasesController } from './releases/section-releases.controller.js';
import { SectionReleases } from './releases/section-releases.service.js';
import { UploadSlots } from './releases/upload-slots.js';

/**
 * Which build of each section serves a request: the live configuration (remotes.json, or the database),
 * the previews over it (on the preview origin), the sections' manifests and the render workers, and the owner's calls
 * that check, preview, promote and roll back a section, and its releases with their deploy tokens (./releases).
 * `LiveSections` is its one public face: server rendering, /remotes.json and the CSP read it; besides it only
 * releases/serve-releases.ts (the release files and preview links) is used from outside.
 */
@Module({
  imports: [OwnerModule],
  controllers: [OwnerSectionsController, OwnerReleasesController, SectionReleasesController],
  providers: [
    LiveConfig,
    SectionManifests,
    SectionRenderers,
    SectionFiles,
    SectionHealthChecks,
    SectionHistory,
    OwnerSectionsService,
    LiveSections,
    // section releases (./releases): stored, checked, served, previewed and promoted here
    ReleaseFiles,
    ReleasesTable,
    ReleaseChecks,
    ReleaseRetention,
    ReleasePreviews,
    DeployTokens,
    DeployTokenGuard,
    SectionReleases,
    UploadSlots,
    FirstStartReleases,
    // which variant of a running experiment a request gets (api/src/experiments): asked by LiveSections
    ExperimentsTable,
    ExperimentAssignments,
  ],
  exports: [
    LiveSections,
    ReleaseFiles,
    ReleasePreviews,
    ReleasesTable,
    // the experiments' module starts, ends and promotes them with these
    ExperimentsTable,
    ExperimentAssignments,
    SectionReleases,
    SectionHistory,
    LiveConfig,
    // a token's rollout (experiments/token-rollouts.controller.ts) is let in by DeployTokenGuard, which reads these
    DeployTokens,
  ],
})
export class LiveSectionsModule {}
