import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ExperimentAction } from '@portfolio/contracts/owner';
import { experimentDefaults, type Experiment, type NewExperiment } from '@portfolio/contracts/experiments';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { releaseEntryUrl } from '@portfolio/contracts/section-releases';
import { LiveConfig } from '../live-sections/live-config.js';
import { SectionReleases } from '../live-sections/releases/section-releases.service.js';
import { SectionHistory } from '../live-sections/section-history.js';
import { DATABASE, type Database, type Queries } from '../storage/database.js';
import { ExperimentAssignments } from './experiment-assignments.js';
import { ExperimentsTable, type StoredExperiment } from './experiments-table.js';

const notFound = () => new NotFoundException({ message: 'There is no such experiment.' });
const ended = (experiment: Experiment) =>
  new ConflictException({ message: `This experiment has ended already (${experiment.endReason ?? 'ended'}).` });

/**
 * The owner's experiments: started with one of the section's releases as the candidate, the share changed,
 * ended (everyone on live), the candidate promoted (it goes live and the experiment ends), each change in the
 * section's history. The guard (experiment-guard.ts) ends them through `end` too.
 */
@Injectable()
export class Experiments {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly table: ExperimentsTable,
    private readonly assignments: ExperimentAssignments,
    private readonly releases: SectionReleases,
    private readonly history: SectionHistory,
    private readonly live: LiveConfig,
  ) {}

  list(): Promise<StoredExperiment[]> {
    return this.table.latest();
  }

  async find(id: number): Promise<StoredExperiment> {
    const experiment = await this.table.find(id);
    if (!experiment) throw notFound();
    return experiment;
  }

  async start(section: RemoteName, asked: NewExperiment): Promise<StoredExperiment> {
    // one of the section's releases that passed its checks (describe answers 404 otherwise)
    const release = await this.releases.describe(section, asked.releaseId);
    if (!release.ok)
      throw new ConflictException({ message: `Release ${release.id} did not pass its checks: it cannot be tried.` });
    const liveUrl = (await this.live.current())?.[section];
    if (!liveUrl) throw new ConflictException({ message: `The ${section} section has no live URL.` });
    const candidateUrl = releaseEntryUrl(section, release.id);
    if (liveUrl === candidateUrl)
      throw new ConflictException({ message: `Release ${release.id} is live already: pick another one.` });
    const started = await this.database.transaction(async (tx) => {
      const experiment = await this.table.insert(tx, {
        section,
        candidateReleaseId: release.id,
        liveUrl,
        share: asked.share,
        minVisitors: asked.minVisitors ?? experimentDefaults.minVisitors,
        marginsMs: asked.marginsMs ?? experimentDefaults.marginsMs,
      });
      if (experiment) await this.record(tx, experiment, 'experiment started', `${experiment.share} %`);
      return experiment;
    });
    if (!started)
      throw new ConflictException({ message: `An experiment runs on the ${section} section already: end it first.` });
    this.assignments.changed();
    return started;
  }

  async changeShare(id: number, share: number): Promise<StoredExperiment> {
    const changed = await this.database.transaction(async (tx) => {
      const experiment = await this.table.setShare(tx, id, share);
      if (experiment) await this.record(tx, experiment, 'experiment share changed', `${share} %`);
      return experiment;
    });
    if (!changed) throw await this.whyNot(id);
    this.assignments.changed();
    return changed;
  }

  /**
   * Ends it (everyone on live): `reason` is 'ended', 'promoted' or 'stopped: <why>'. Null when it had ended
   * already, so that of two replicas' guards only one records, and mails, a stop.
   */
  async end(id: number, reason: string, within?: Queries): Promise<StoredExperiment | null> {
    const action: ExperimentAction = reason.startsWith('stopped')
      ? 'experiment stopped'
      : reason === 'promoted'
        ? 'experiment promoted'
        : 'experiment ended';
    const endIn = async (tx: Queries) => {
      const experiment = await this.table.end(tx, id, reason);
      if (experiment)
        await this.record(tx, experiment, action, reason.startsWith('stopped: ') ? reason.slice(9) : null);
      return experiment;
    };
    const endedNow = within ? await endIn(within) : await this.database.transaction(endIn);
    this.assignments.changed();
    return endedNow;
  }

  async endByOwner(id: number): Promise<StoredExperiment> {
    const endedNow = await this.end(id, 'ended');
    if (!endedNow) throw await this.whyNot(id);
    return endedNow;
  }

  /** The candidate goes live through the releases' promote (its checks run again), then the experiment ends. */
  async promote(id: number, selfOrigin: string): Promise<StoredExperiment> {
    const experiment = await this.find(id);
    if (experiment.endedAt) throw ended(experiment);
    await this.releases.promote(experiment.section, experiment.candidateReleaseId, selfOrigin, null);
    return (await this.end(id, 'promoted')) ?? (await this.find(id));
  }

  private record(tx: Queries, experiment: Experiment, action: ExperimentAction, note: string | null) {
    return this.history.record(tx, {
      section: experiment.section,
      action,
      from: experiment.liveUrl,
      to: experiment.candidateUrl,
      note,
    });
  }

  private async whyNot(id: number) {
    const experiment = await this.table.find(id);
    return experiment ? ended(experiment) : notFound();
  }
}
