import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  newExperimentSchema,
  newRolloutSchema,
  shareChangeSchema,
  type Experiment,
  type ExperimentResults,
  type NewExperiment,
  type NewRollout,
  type ShareChange,
} from '@portfolio/contracts/experiments';
import { selfOriginOf } from '../common/origins.js';
import { RowIdPipe } from '../common/row-id.pipe.js';
import { SchemaBodyPipe } from '../common/schema-body.pipe.js';
import { sectionNamed } from '../common/section-named.js';
import { byOwner } from '../live-sections/store/section-history.js';
import { OwnerSessionGuard } from '../owner/owner-session.guard.js';
import { ExperimentResultsReader } from './experiment-results.js';
import { shownExperiment } from './experiments-table.js';
import { Experiments } from './experiments.service.js';

const newExperimentPipe = new SchemaBodyPipe(newExperimentSchema);
const newRolloutPipe = new SchemaBodyPipe(newRolloutSchema);
const sharePipe = new SchemaBodyPipe(shareChangeSchema);
/** An id that is no experiment's (not a whole number, or out of the table's range) is a 404, as an unknown one. */
const idPipe = new RowIdPipe('There is no such experiment.');

/** The owner's experiments (packages/contracts/src/experiments.ts). */
@Controller('owner')
@UseGuards(OwnerSessionGuard)
export class OwnerExperimentsController {
  constructor(
    private readonly experiments: Experiments,
    private readonly results: ExperimentResultsReader,
  ) {}

  @Get('experiments')
  async list(): Promise<Experiment[]> {
    return (await this.experiments.list()).map(shownExperiment);
  }

  @Post('sections/:name/experiment')
  @HttpCode(201)
  async start(@Param('name') name: string, @Body(newExperimentPipe) body: NewExperiment): Promise<Experiment> {
    return shownExperiment(await this.experiments.start(sectionNamed(name), body));
  }

  @Post('sections/:name/rollout')
  @HttpCode(201)
  async startRollout(@Param('name') name: string, @Body(newRolloutPipe) body: NewRollout): Promise<Experiment> {
    return shownExperiment(await this.experiments.startRollout(sectionNamed(name), body, byOwner));
  }

  @Post('experiments/:id/pause')
  @HttpCode(200)
  async pause(@Param('id', idPipe) id: number): Promise<Experiment> {
    return shownExperiment(await this.experiments.pause(id));
  }

  @Post('experiments/:id/resume')
  @HttpCode(200)
  async resume(@Param('id', idPipe) id: number): Promise<Experiment> {
    return shownExperiment(await this.experiments.resume(id));
  }

  @Post('experiments/:id/roll-back')
  @HttpCode(200)
  async rollBack(@Param('id', idPipe) id: number): Promise<Experiment> {
    return shownExperiment(await this.experiments.rollBack(id));
  }

  @Post('experiments/:id/share')
  @HttpCode(200)
  async changeShare(@Param('id', idPipe) id: number, @Body(sharePipe) body: ShareChange): Promise<Experiment> {
    return shownExperiment(await this.experiments.changeShare(id, body.share));
  }

  @Post('experiments/:id/end')
  @HttpCode(200)
  async end(@Param('id', idPipe) id: number): Promise<Experiment> {
    return shownExperiment(await this.experiments.endByOwner(id));
  }

  @Post('experiments/:id/promote')
  @HttpCode(200)
  async promote(@Param('id', idPipe) id: number, @Req() req: Request): Promise<Experiment> {
    return shownExperiment(await this.experiments.promote(id, selfOriginOf(req)));
  }

  @Get('experiments/:id/results')
  async resultsOf(@Param('id', idPipe) id: number): Promise<ExperimentResults> {
    return this.results.of(await this.experiments.find(id));
  }
}
