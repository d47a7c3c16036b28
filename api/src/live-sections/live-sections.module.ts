import { Module } from '@nestjs/common';
import { ExperimentAssignments } from '../experiments/experiment-assignments.js';
import { ExperimentsTable } from '../experiments/experiments-table.js';
import { LiveSections } from './live-sections.service.js';
import { ReleasePreviews } from './release-previews.js';
import { RenderersModule } from './renderers/renderers.module.js';
import { ReleaseStoreModule } from './store/release-store.module.js';

/**
 * Which build of each section serves a request: what is live (./store), a preview over it (on the preview
 * origin), an experiment's variant, and that build's renderer (./renderers). `LiveSections` is its one public
 * face: server rendering, /remotes.json and the CSP read it. Shipping a section (releases, deploy tokens, the
 * owner's calls) is ReleasesModule's (./releases).
 */
@Module({
  imports: [ReleaseStoreModule, RenderersModule],
  providers: [
    LiveSections,
    ReleasePreviews,
    // which variant of a running experiment a request gets (api/src/experiments): asked by LiveSections
    ExperimentsTable,
    ExperimentAssignments,
  ],
  exports: [
    LiveSections,
    ReleasePreviews,
    // the experiments' module starts, ends and promotes them with these
    ExperimentsTable,
    ExperimentAssignments,
    // what is live and kept, for the modules that read it beside LiveSections (experiments, field measurements)
    ReleaseStoreModule,
  ],
})
export class LiveSectionsModule {}
