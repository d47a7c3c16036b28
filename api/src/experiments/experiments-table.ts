import { Inject, Injectable } from '@nestjs/common';
import type { Experiment, Rollout } from '@portfolio/contracts/experiments';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { releaseEntryUrl } from '@portfolio/contracts/section-releases';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE, type Database, type Queries } from '../storage/database.js';
import { holdEndOf, type RolloutSchedule } from './rollout-step.js';

interface ExperimentRow {
  id: number;
  section: RemoteName;
  candidate_release_id: string;
  live_url: string;
  share: number;
  min_visitors: number;
  margin_lcp_ms: number;
  margin_inp_ms: number;
  events_after: string | number;
  events_until: string | number | null;
  started_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  mismatch: string | null;
  started_by: string;
  rollout_steps: number[] | null;
  rollout_step: number | null;
  hold_minutes: number | null;
  step_visitors: number | null;
  step_started_at: Date | null;
  paused_at: Date | null;
  /** the candidate's new visitors at the share running now (experiment_served) */
  step_served: number;
}

const columns = `id, section, candidate_release_id, live_url, share, min_visitors, margin_lcp_ms, margin_inp_ms,
  events_after, events_until, started_at, ended_at, end_reason, mismatch, started_by, rollout_steps, rollout_step,
  hold_minutes, step_visitors, step_started_at, paused_at,
  (select coalesce(sum(served.visitors), 0) from experiment_served served
   where served.experiment_id = experiments.id and served.candidate and served.share = experiments.share)::integer
  as step_served`;

/** An experiment, and its field events (rum_events.id): those after the last one before it started, up to its end. */
export type StoredExperiment = Experiment & {
  eventsAfter: string;
  eventsUntil: string | null;
};

/** What the owner is answered: the event ids are the server's business. */
export const shownExperiment = ({
  eventsAfter: _after,
  eventsUntil: _until,
  ...experiment
}: StoredExperiment): Experiment => experiment;

function rolloutOf(row: ExperimentRow, minuteMs: number): Rollout | null {
  if (!row.rollout_steps || row.rollout_step === null || row.step_started_at === null) return null;
  const schedule: RolloutSchedule = {
    steps: row.rollout_steps.map(Number),
    step: row.rollout_step,
    holdMinutes: row.hold_minutes ?? 0,
    stepVisitors: row.step_visitors ?? 0,
    stepStartedAt: new Date(row.step_started_at).toISOString(),
    pausedAt: row.paused_at ? new Date(row.paused_at).toISOString() : null,
  };
  return {
    ...schedule,
    visitorsThisStep: row.step_served,
    nextStepAt:
      schedule.pausedAt || row.ended_at || schedule.step >= schedule.steps.length - 1
        ? null
        : holdEndOf(schedule, minuteMs).toISOString(),
  };
}

/** What a rollout starts with (its step, start and pause are the table's: see insert, advance, pause). */
export interface RolloutStart {
  steps: readonly number[];
  holdMinutes: number;
  stepVisitors: number;
}

const experimentOf = (row: ExperimentRow, minuteMs: number): StoredExperiment => ({
  id: row.id,
  section: row.section,
  candidateReleaseId: row.candidate_release_id,
  candidateUrl: releaseEntryUrl(row.section, row.candidate_release_id),
  liveUrl: row.live_url,
  share: row.share,
  minVisitors: row.min_visitors,
  marginsMs: { LCP: row.margin_lcp_ms, INP: row.margin_inp_ms },
  startedAt: new Date(row.started_at).toISOString(),
  endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
  endReason: row.end_reason,
  mismatch: row.mismatch,
  rollout: rolloutOf(row, minuteMs),
  startedBy: row.started_by,
  eventsAfter: String(row.events_after),
  eventsUntil: row.events_until === null ? null : String(row.events_until),
});

/** Table experiments (both engines): every experiment, the running one of a section has no ended_at. */
@Injectable()
export class ExperimentsTable {
  /** how long a rollout's hold minute is (ROLLOUT_MINUTE_MS) */
  readonly minuteMs: number;
  private readonly of: (row: ExperimentRow) => StoredExperiment;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.minuteMs = config.rolloutMinuteMs;
    this.of = (row) => experimentOf(row, this.minuteMs);
  }

  async running(queries: Queries = this.database): Promise<StoredExperiment[]> {
    const rows = await queries.query<ExperimentRow>(
      `select ${columns} from experiments where ended_at is null order by id`,
    );
    return rows.map(this.of);
  }

  /** Each section's running experiment, or its latest one. */
  async latest(): Promise<StoredExperiment[]> {
    const rows = await this.database.query<ExperimentRow>(
      `select distinct on (section) ${columns} from experiments order by section, id desc`,
    );
    return rows.map(this.of);
  }

  async find(id: number, queries: Queries = this.database): Promise<StoredExperiment | null> {
    const [row] = await queries.query<ExperimentRow>(`select ${columns} from experiments where id = $1`, [id]);
    return row ? this.of(row) : null;
  }

  /** Null when the section runs one already (the unique partial index decides, across replicas too). */
  async insert(
    tx: Queries,
    experiment: Omit<
      Experiment,
      'id' | 'candidateUrl' | 'startedAt' | 'endedAt' | 'endReason' | 'mismatch' | 'rollout'
    > & { rollout: RolloutStart | null },
  ) {
    const { rollout } = experiment;
    const [row] = await tx.query<ExperimentRow>(
      `insert into experiments
         (section, candidate_release_id, live_url, share, min_visitors, margin_lcp_ms, margin_inp_ms, events_after,
          started_by, rollout_steps, rollout_step, hold_minutes, step_visitors, step_started_at)
       values ($1, $2, $3, $4, $5, $6, $7, (select coalesce(max(id), 0) from rum_events),
          $8, $9::smallint[], $10, $11, $12, case when $9::smallint[] is null then null else now() end)
       on conflict (section) where ended_at is null do nothing
       returning ${columns}`,
      [
        experiment.section,
        experiment.candidateReleaseId,
        experiment.liveUrl,
        experiment.share,
        experiment.minVisitors,
        experiment.marginsMs.LCP,
        experiment.marginsMs.INP,
        experiment.startedBy,
        rollout ? [...rollout.steps] : null,
        rollout ? 0 : null,
        rollout?.holdMinutes ?? null,
        rollout?.stepVisitors ?? null,
      ],
    );
    return row ? this.of(row) : null;
  }

  /**
   * A rollout's next step begins (its share up, its start now), if it is still at step `from`, running and not
   * paused: of two looks at the same step (replicas, or the owner meanwhile), only one moves it. Null otherwise.
   */
  async advance(tx: Queries, id: number, from: number, to: number, share: number): Promise<StoredExperiment | null> {
    const [row] = await tx.query<ExperimentRow>(
      `update experiments set rollout_step = $3, share = $4, step_started_at = now()
       where id = $1 and ended_at is null and paused_at is null and rollout_step = $2 returning ${columns}`,
      [id, from, to, share],
    );
    return row ? this.of(row) : null;
  }

  /**
   * A rollout left at its last step (its promote decided, not done) taken over by this look, once `leaseMs` have
   * passed since it was decided or last taken over (the step's start, moved to now): one replica at a time tries.
   */
  async retakePromote(tx: Queries, id: number, last: number, leaseMs: number): Promise<boolean> {
    const rows = await tx.query(
      `update experiments set step_started_at = now()
       where id = $1 and ended_at is null and paused_at is null and rollout_step = $2
       and step_started_at <= now() - $3 * interval '1 millisecond' returning id`,
      [id, last, leaseMs],
    );
    return rows.length > 0;
  }

  /** Paused now; null when it is no running rollout, or paused already. */
  async pause(tx: Queries, id: number): Promise<StoredExperiment | null> {
    const [row] = await tx.query<ExperimentRow>(
      `update experiments set paused_at = now()
       where id = $1 and ended_at is null and rollout_steps is not null and paused_at is null returning ${columns}`,
      [id],
    );
    return row ? this.of(row) : null;
  }

  /**
   * Running again: the time it was paused is added to its step's start, so that the hold counts running time
   * only (a hold over before the pause stays over). Null when it is no running rollout, or not paused.
   */
  async resume(tx: Queries, id: number): Promise<StoredExperiment | null> {
    const [row] = await tx.query<ExperimentRow>(
      `update experiments set step_started_at = step_started_at + (now() - paused_at), paused_at = null
       where id = $1 and ended_at is null and rollout_steps is not null and paused_at is not null returning ${columns}`,
      [id],
    );
    return row ? this.of(row) : null;
  }

  /** Null when it has ended meanwhile. */
  async setShare(tx: Queries, id: number, share: number): Promise<StoredExperiment | null> {
    const [row] = await tx.query<ExperimentRow>(
      `update experiments set share = $2 where id = $1 and ended_at is null and rollout_steps is null
       returning ${columns}`,
      [id, share],
    );
    return row ? this.of(row) : null;
  }

  /** The guard's word on a sample ratio mismatch (null: none), kept while it runs; answers whether it changed. */
  async setMismatch(tx: Queries, id: number, mismatch: string | null): Promise<boolean> {
    const rows = await tx.query(
      `update experiments set mismatch = $2 where id = $1 and ended_at is null and mismatch is distinct from $2 returning id`,
      [id, mismatch],
    );
    return rows.length > 0;
  }

  /** Null when it had ended already (another replica's guard, the owner twice): only one end counts. */
  async end(tx: Queries, id: number, reason: string): Promise<StoredExperiment | null> {
    const [row] = await tx.query<ExperimentRow>(
      `update experiments set ended_at = now(), end_reason = $2, events_until = (select coalesce(max(id), 0) from rum_events)
       where id = $1 and ended_at is null returning ${columns}`,
      [id, reason.slice(0, 500)],
    );
    return row ? this.of(row) : null;
  }
}
