import { Inject, Injectable } from '@nestjs/common';
import type { Experiment } from '@portfolio/contracts/experiments';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { releaseEntryUrl } from '@portfolio/contracts/section-releases';
import { DATABASE, type Database, type Queries } from '../storage/database.js';

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
}

const columns =
  'id, section, candidate_release_id, live_url, share, min_visitors, margin_lcp_ms, margin_inp_ms, events_after, events_until, started_at, ended_at, end_reason, mismatch';

/** An experiment, and its field events (rum_events.id): those after the last one before it started, up to its end. */
export type StoredExperiment = Experiment & { eventsAfter: string; eventsUntil: string | null };

/** What the owner is answered: the event ids are the server's business. */
export const shownExperiment = ({
  eventsAfter: _after,
  eventsUntil: _until,
  ...experiment
}: StoredExperiment): Experiment => experiment;

const experimentOf = (row: ExperimentRow): StoredExperiment => ({
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
  eventsAfter: String(row.events_after),
  eventsUntil: row.events_until === null ? null : String(row.events_until),
});

/** Table experiments (both engines): every experiment, the running one of a section has no ended_at. */
@Injectable()
export class ExperimentsTable {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async running(queries: Queries = this.database): Promise<StoredExperiment[]> {
    const rows = await queries.query<ExperimentRow>(
      `select ${columns} from experiments where ended_at is null order by id`,
    );
    return rows.map(experimentOf);
  }

  /** Each section's running experiment, or its latest one. */
  async latest(): Promise<StoredExperiment[]> {
    const rows = await this.database.query<ExperimentRow>(
      `select distinct on (section) ${columns} from experiments order by section, id desc`,
    );
    return rows.map(experimentOf);
  }

  async find(id: number, queries: Queries = this.database): Promise<StoredExperiment | null> {
    const [row] = await queries.query<ExperimentRow>(`select ${columns} from experiments where id = $1`, [id]);
    return row ? experimentOf(row) : null;
  }

  /** Null when the section runs one already (the unique partial index decides, across replicas too). */
  async insert(
    tx: Queries,
    experiment: Omit<Experiment, 'id' | 'candidateUrl' | 'startedAt' | 'endedAt' | 'endReason' | 'mismatch'>,
  ) {
    const [row] = await tx.query<ExperimentRow>(
      `insert into experiments
         (section, candidate_release_id, live_url, share, min_visitors, margin_lcp_ms, margin_inp_ms, events_after)
       values ($1, $2, $3, $4, $5, $6, $7, (select coalesce(max(id), 0) from rum_events)) on conflict (section) where ended_at is null do nothing
       returning ${columns}`,
      [
        experiment.section,
        experiment.candidateReleaseId,
        experiment.liveUrl,
        experiment.share,
        experiment.minVisitors,
        experiment.marginsMs.LCP,
        experiment.marginsMs.INP,
      ],
    );
    return row ? experimentOf(row) : null;
  }

  /** Null when it has ended meanwhile. */
  async setShare(tx: Queries, id: number, share: number): Promise<StoredExperiment | null> {
    const [row] = await tx.query<ExperimentRow>(
      `update experiments set share = $2 where id = $1 and ended_at is null returning ${columns}`,
      [id, share],
    );
    return row ? experimentOf(row) : null;
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
    return row ? experimentOf(row) : null;
  }
}
