import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ExperimentAction } from '@portfolio/contracts/owner';
import {
  endOf,
  experimentDefaults,
  rolloutDefaults,
  type EndKind,
  type Experiment,
  type GuardFigures,
  type NewExperiment,
  type NewRollout,
} from '@portfolio/contracts/experiments';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { releaseEntryUrl } from '@portfolio/contracts/section-releases';
import { LiveConfig } from '../live-sections/store/live-config.js';
import { SectionReleases } from '../live-sections/releases/section-releases.service.js';
import { byOwner, SectionHistory } from '../live-sections/store/section-history.js';
import { DATABASE, type Database, type Queries } from '../storage/database.js';
import { ExperimentAssignments } from './experiment-assignments.js';
import { ExperimentsTable, type RolloutStart, type StoredExperiment } from './experiments-table.js';
import { stepWords } from './rollout-step.js';

const notFound = () => new NotFoundException({ message: 'There is no such experiment.' });
const ended = (experiment: Experiment) =>
  new ConflictException({ message: `This experiment has ended already (${experiment.endReason ?? 'ended'}).` });

const runsAlready = (section: RemoteName) =>
  new ConflictException({ message: `An experiment runs on the ${section} section already: end it first.` });

/** How a change is recorded: who made it, and the guard's figures when it decided. */
export interface ChangeBy {
  by: string;
  figures?: GuardFigures | null;
}

/** The history's action for an end with this reason. */
function endAction(experiment: Experiment, kind: EndKind): ExperimentAction {
  if (experiment.rollout) return kind === 'promoted' ? 'rollout promoted' : 'rollout rolled back';
  if (kind === 'stopped') return 'experiment stopped';
  return kind === 'promoted' ? 'experiment promoted' : 'experiment ended';
}

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
    return this.begin(section, asked.releaseId, byOwner, {
      share: asked.share,
      minVisitors: asked.minVisitors ?? experimentDefaults.minVisitors,
      marginsMs: asked.marginsMs ?? experimentDefaults.marginsMs,
      rollout: null,
    });
  }

  /** A rollout: an experiment whose share is its first step's, going up by steps (the guard's tick moves it). */
  async startRollout(section: RemoteName, asked: NewRollout, by: string): Promise<StoredExperiment> {
    const rollout: RolloutStart = {
      steps: asked.steps ?? rolloutDefaults.steps,
      holdMinutes: asked.holdMinutes ?? rolloutDefaults.holdMinutes,
      stepVisitors: asked.stepVisitors ?? rolloutDefaults.stepVisitors,
    };
    return this.begin(section, asked.releaseId, by, {
      share: rollout.steps[0] ?? 100,
      minVisitors: experimentDefaults.minVisitors,
      marginsMs: asked.marginsMs ?? experimentDefaults.marginsMs,
      rollout,
    });
  }

  /**
   * What a start needs, or why not: one of the section's releases that passed its checks (404 for none), not live,
   * and no experiment running on the section (409). Asked again by the start itself.
   */
  async startable(section: RemoteName, releaseId: string): Promise<{ releaseId: string; liveUrl: string }> {
    const release = await this.releases.describe(section, releaseId);
    if (!release.ok)
      throw new ConflictException({ message: `Release ${release.id} did not pass its checks: it cannot be tried.` });
    const liveUrl = (await this.live.current())?.[section];
    if (!liveUrl) throw new ConflictException({ message: `The ${section} section has no live URL.` });
    if (liveUrl === releaseEntryUrl(section, release.id))
      throw new ConflictException({ message: `Release ${release.id} is live already: pick another one.` });
    if ((await this.table.running()).some((experiment) => experiment.section === section)) throw runsAlready(section);
    return { releaseId: release.id, liveUrl };
  }

  private async begin(
    section: RemoteName,
    releaseId: string,
    by: string,
    settings: Pick<Experiment, 'share' | 'minVisitors' | 'marginsMs'> & { rollout: RolloutStart | null },
  ): Promise<StoredExperiment> {
    const { liveUrl } = await this.startable(section, releaseId);
    const started = await this.database.transaction(async (tx) => {
      const experiment = await this.table.insert(tx, {
        section,
        candidateReleaseId: releaseId,
        liveUrl,
        startedBy: by,
        ...settings,
      });
      if (experiment?.rollout)
        await this.record(
          tx,
          experiment,
          'rollout started',
          `${stepWords(experiment.rollout.steps, 0)}; steps ${experiment.rollout.steps.join(', ')} %, each held ` +
            `${experiment.rollout.holdMinutes} min and ${experiment.rollout.stepVisitors} new visitors at least`,
          { by },
        );
      else if (experiment) await this.record(tx, experiment, 'experiment started', `${experiment.share} %`, { by });
      return experiment;
    });
    // one at a time: the unique partial index decides between two starts at once, across replicas too
    if (!started) throw runsAlready(section);
    this.assignments.changed();
    return started;
  }

  async changeShare(id: number, share: number): Promise<StoredExperiment> {
    const changed = await this.database.transaction(async (tx) => {
      const experiment = await this.table.setShare(tx, id, share);
      if (experiment) await this.record(tx, experiment, 'experiment share changed', `${share} %`, { by: byOwner });
      return experiment;
    });
    if (!changed) throw await this.whyNot(id, 'Its share moves by its steps only: pause it, or roll it back.');
    this.assignments.changed();
    return changed;
  }

  /**
   * Ends it (everyone on live) for `reason` (endReasonOf's: 'ended', 'promoted', 'stopped: <why>', or a rollout's
   * 'rolled back' or 'rolled back: <why>'). Null when it had ended already, so that of two replicas' guards only
   * one records, and mails, a stop. Within a caller's transaction (`within`) the caller forgets the cached
   * assignments once it has committed: forgotten before, a request in between could cache the list being changed.
   */
  async end(id: number, reason: string, change: ChangeBy, within?: Queries): Promise<StoredExperiment | null> {
    const endIn = async (tx: Queries) => {
      const experiment = await this.table.end(tx, id, reason);
      const { kind, why } = endOf(reason);
      if (experiment) await this.record(tx, experiment, endAction(experiment, kind), why, change);
      return experiment;
    };
    if (within) return endIn(within);
    const endedNow = await this.database.transaction(endIn);
    this.assignments.changed();
    return endedNow;
  }

  /** The owner's end of an experiment with a fixed share; a rollout is rolled back (409 otherwise). */
  async endByOwner(id: number): Promise<StoredExperiment> {
    const experiment = await this.find(id);
    if (experiment.rollout && !experiment.endedAt)
      throw new ConflictException({ message: 'This is a rollout: roll it back to put everyone on live.' });
    const endedNow = await this.end(id, 'ended', { by: byOwner });
    if (!endedNow) throw await this.whyNot(id);
    return endedNow;
  }

  /** The owner's roll back of a rollout, now: everyone on live (409 once ended, or not a rollout). */
  async rollBack(id: number): Promise<StoredExperiment> {
    const experiment = await this.find(id);
    if (!experiment.rollout && !experiment.endedAt)
      throw new ConflictException({ message: 'This experiment has a fixed share: end it to put everyone on live.' });
    const endedNow = await this.end(id, 'rolled back', { by: byOwner });
    if (!endedNow) throw await this.whyNot(id);
    return endedNow;
  }

  /** The owner holds a rollout at its step (the guard still rolls it back on harm); 409 if ended, paused or none. */
  async pause(id: number): Promise<StoredExperiment> {
    return this.scheduleChange(id, 'rollout paused', (tx) => this.table.pause(tx, id), 'It is paused already.');
  }

  /** The owner lets it go on: the hold counts the time it ran, not the pause; 409 if ended, running or none. */
  async resume(id: number): Promise<StoredExperiment> {
    return this.scheduleChange(id, 'rollout resumed', (tx) => this.table.resume(tx, id), 'It is not paused.');
  }

  private async scheduleChange(
    id: number,
    action: 'rollout paused' | 'rollout resumed',
    change: (tx: Queries) => Promise<StoredExperiment | null>,
    whyNotRunning: string,
  ): Promise<StoredExperiment> {
    const changed = await this.database.transaction(async (tx) => {
      const experiment = await change(tx);
      if (experiment?.rollout)
        await this.record(tx, experiment, action, stepWords(experiment.rollout.steps, experiment.rollout.step), {
          by: byOwner,
        });
      return experiment;
    });
    if (!changed) {
      const experiment = await this.find(id);
      if (experiment.endedAt) throw ended(experiment);
      throw new ConflictException({
        message: experiment.rollout ? whyNotRunning : 'This experiment has a fixed share: it has no steps to hold.',
      });
    }
    return changed;
  }

  /**
   * The candidate goes live through the releases' promote (its checks run again), then the experiment ends;
   * `by` the owner, or the guard at a rollout's last step.
   */
  async promote(id: number, selfOrigin: string, change: ChangeBy = { by: byOwner }): Promise<StoredExperiment> {
    const experiment = await this.find(id);
    if (experiment.endedAt) throw ended(experiment);
    await this.releases.promote(experiment.section, experiment.candidateReleaseId, selfOrigin, change.by, null);
    return (await this.end(id, 'promoted', change)) ?? (await this.find(id));
  }

  /** A change of the experiment in the section's history, from live to the candidate. */
  record(tx: Queries, experiment: Experiment, action: ExperimentAction, note: string | null, change: ChangeBy) {
    return this.history.record(tx, {
      section: experiment.section,
      action,
      from: experiment.liveUrl,
      to: experiment.candidateUrl,
      note,
      by: change.by,
      figures: change.figures ?? null,
    });
  }

  private async whyNot(id: number, whenRunning = 'It cannot be changed now.') {
    const experiment = await this.table.find(id);
    if (!experiment) return notFound();
    return experiment.endedAt ? ended(experiment) : new ConflictException({ message: whenRunning });
  }
}
