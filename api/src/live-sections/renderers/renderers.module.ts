import { Module } from '@nestjs/common';
import { ReleaseStoreModule } from '../store/release-store.module.js';
import { SectionFiles } from './section-files.js';
import { SectionManifests } from './section-manifests.js';
import { SectionRenderers } from './section-renderers.js';

/**
 * A section build's server half: its manifests, and the renderer processes that run its code (sandboxed,
 * reading only the release files that SectionFiles hands them). Pages and release checks ask these.
 */
@Module({
  imports: [ReleaseStoreModule],
  providers: [SectionManifests, SectionFiles, SectionRenderers],
  exports: [SectionManifests, SectionRenderers],
})
export class RenderersModule {}
