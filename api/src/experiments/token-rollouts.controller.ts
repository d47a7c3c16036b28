import { Body, Controller, ForbiddenException, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { rolloutSettingsSchema, type Experiment, type RolloutSettings } from '@portfolio/contracts/experiments';
import { selfOriginOf } from '../common/origins.js';
import { SchemaBodyPipe } from '../common/schema-body.pipe.js';
import { sectionNamed } from '../common/section-named.js';
import {
  DeployTokenGuard,
  deployTokenOf,
  type RequestWithDeployToken,
} from '../live-sections/releases/deploy-token.guard.js';
import { SectionReleases } from '../live-sections/releases/section-releases.service.js';
import { byToken } from '../live-sections/store/section-history.js';
import { shownExperiment } from './experiments-table.js';
import { Experiments } from './experiments.service.js';

const settingsPipe = new SchemaBodyPipe(rolloutSettingsSchema);

/**
 * A section's developer (or CI) starts a rollout of one of its releases with a deploy token that may promote
 * (packages/contracts/src/experiments.ts): the release's checks run again first, as a promote's do.
 */
@Controller('sections/:name/releases')
@UseGuards(DeployTokenGuard)
export class TokenRolloutsController {
  constructor(
    private readonly experiments: Experiments,
    private readonly releases: SectionReleases,
  ) {}

  @Post(':id/rollout')
  @HttpCode(201)
  async start(
    @Param('name') name: string,
    @Param('id') id: string,
    @Body(settingsPipe) settings: RolloutSettings,
    @Req() req: RequestWithDeployToken,
  ): Promise<Experiment> {
    const section = sectionNamed(name);
    const token = deployTokenOf(req);
    if (!token.mayPromote)
      throw new ForbiddenException({
        message: 'This deploy token may not promote, so it may not start a rollout: the owner starts one.',
      });
    // what would refuse it anyway (an unknown or live release, a rollout running) before the checks' seconds
    await this.experiments.startable(section, id);
    await this.releases.checkAgain(section, id, selfOriginOf(req));
    return shownExperiment(
      await this.experiments.startRollout(section, { ...settings, releaseId: id }, byToken(token.name)),
    );
  }
}
