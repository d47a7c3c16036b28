import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module.js';
import { LiveSectionsModule } from '../live-sections/live-sections.module.js';
import { ReleasesModule } from '../live-sections/releases/releases.module.js';
import { OwnerModule } from '../owner/owner.module.js';
import { ExperimentGuard } from './experiment-guard.js';
import { ExperimentResultsReader } from './experiment-results.js';
import { Experiments } from './experiments.service.js';
import { OwnerExperimentsController } from './owner-experiments.controller.js';
import { TokenRolloutsController } from './token-rollouts.controller.js';

/**
 * Experiments (docs/experiments.md): the owner's calls, the results read from the field measurements and the
 * guard. The assignment of visitors (experiment-assignments.ts) is provided by LiveSectionsModule, whose
 * LiveSections asks it for every request.
 */
@Module({
  imports: [OwnerModule, LiveSectionsModule, ReleasesModule, ContactModule],
  controllers: [OwnerExperimentsController, TokenRolloutsController],
  providers: [Experiments, ExperimentResultsReader, ExperimentGuard],
})
export class ExperimentsModule {}
