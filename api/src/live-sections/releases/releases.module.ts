import { Module } from '@nestjs/common';
import { OwnerModule } from '../../owner/owner.module.js';
import { LiveSectionsModule } from '../live-sections.module.js';
import { RenderersModule } from '../renderers/renderers.module.js';
import { ReleaseStoreModule } from '../store/release-store.module.js';
import { DeployTokenGuard } from './deploy-token.guard.js';
import { DeployTokens } from './deploy-tokens.js';
import { FirstStartReleases } from './first-start-releases.js';
import { OwnerReleasesController } from './owner-releases.controller.js';
import { OwnerSectionsController } from './owner-sections.controller.js';
import { OwnerSectionsService } from './owner-sections.service.js';
import { ReleaseChecks } from './release-checks.js';
import { ReleaseImports } from './release-imports.js';
import { ReleaseRetention } from './release-retention.js';
import { SectionHealthChecks } from './section-health.js';
import { SectionReleasesController } from './section-releases.controller.js';
import { SectionReleases } from './section-releases.service.js';
import { UploadSlots } from './upload-slots.js';

/**
 * Shipping a section: releases uploaded with a deploy token (unpacked, checked, kept), the owner's calls that
 * check, preview, promote and roll back a section, deploy tokens, retention, and the first start's releases.
 * A change it makes goes live through the store (LiveConfig); pages see it through LiveSections.
 */
@Module({
  imports: [OwnerModule, ReleaseStoreModule, RenderersModule, LiveSectionsModule],
  controllers: [OwnerSectionsController, OwnerReleasesController, SectionReleasesController],
  providers: [
    SectionHealthChecks,
    OwnerSectionsService,
    ReleaseChecks,
    ReleaseRetention,
    DeployTokens,
    DeployTokenGuard,
    SectionReleases,
    ReleaseImports,
    UploadSlots,
    FirstStartReleases,
  ],
  exports: [
    // the experiments' module promotes a release with it
    SectionReleases,
    // a token's rollout (experiments/token-rollouts.controller.ts) is let in by DeployTokenGuard, which reads these
    DeployTokens,
  ],
})
export class ReleasesModule {}
