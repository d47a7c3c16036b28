import { Inject, Injectable } from '@nestjs/common';
import { sectionOfRoute } from '@portfolio/parts';
import { beaconLimits, type FieldEvent } from '@portfolio/contracts/field-events';
import { DATABASE, type Database, type Queries } from '../storage/database.js';
import { proofLifetimeMs, type FirstVisit, type PageView } from './page-view-proofs.js';
import { bucketOf } from './vital-histogram.js';
import { addErrorGroups, type ReportedError } from './error-groups/error-groups.js';

/** Raw events are kept this long at most (docs/architecture.md "Field measurements"); aggregates hold no visitor. */
export const rawEventDays = 30;
/** Daily aggregates are kept this long: the owner's view shows a week, this leaves a season to compare. */
export const aggregateDays = 90;

/** The day an event counts for: the server's UTC date when it arrived. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** What one event adds to the aggregates: the metric it counts for, and its value when it has one. */
function metricOf(event: FieldEvent): { metric: string; value: number | null } {
  switch (event.kind) {
    case 'vital':
      return { metric: event.name, value: event.value };
    case 'conversion':
      return { metric: `conversion:${event.name}`, value: null };
    default:
      return { metric: event.kind, value: null };
  }
}

interface Aggregate {
  key: [string, string, string, string];
  count: number;
  sum: number;
  buckets: Map<number, number>;
}

/**
 * The section an event counts against: a failed load the section that failed, anything else its route's ("not
 * found" is the shell's own).
 */
const sectionOfEvent = (event: FieldEvent) =>
  event.kind === 'section-failed' ? event.section : (sectionOfRoute(event.route) ?? 'shell');

/**
 * Stores beacons, each for the page view its proof names (page-view-proofs.ts): the events are counted against
 * the view (at most a page's worth), one row per event goes to rum_events (no address, user agent or cookie: the
 * batch holds none, and the hour it arrived rather than the second), the daily aggregates per route, section build
 * and metric get them with upserts that replicas may run at once, and the experiments this page was a visitor's
 * first page of learn what it reported.
 */
@Injectable()
export class FieldEventsStore {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** False when the page view has sent its page's worth of events already: nothing is stored. */
  async record(
    events: readonly FieldEvent[],
    view: PageView,
    at = new Date(),
    /** the batch's errors fingerprinted (error-groups/error-groups.ts) */
    errors: readonly ReportedError[] = [],
  ): Promise<boolean> {
    const aggregates = new Map<string, Aggregate>();
    const raw: unknown[][] = [];
    const builds = JSON.stringify(view.builds);
    for (const event of events) {
      const section = sectionOfEvent(event);
      const build = section === 'shell' ? '' : (view.builds[section] ?? '');
      const { metric, value } = metricOf(event);
      const key: Aggregate['key'] = [event.route, section, build, metric];
      const id = key.join('\u0000');
      const aggregate = aggregates.get(id) ?? { key, count: 0, sum: 0, buckets: new Map<number, number>() };
      aggregate.count += 1;
      if (value !== null && event.kind === 'vital') {
        aggregate.sum += value;
        const bucket = bucketOf(event.name, value);
        aggregate.buckets.set(bucket, (aggregate.buckets.get(bucket) ?? 0) + 1);
      }
      aggregates.set(id, aggregate);
      const detail = event.kind === 'error' ? event.message : event.kind === 'vital' ? (event.target ?? '') : '';
      raw.push([event.route, section, build, metric, value, detail, builds]);
    }
    // the same order in every replica, so two batches upserting the same rows never deadlock
    const sorted = [...aggregates.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    return this.database.transaction(async (tx) => {
      const counted = await countAgainstView(tx, view, events.length);
      if (!counted) return false;
      await addToDaily(tx, dayOf(at), sorted);
      await addToHistograms(tx, dayOf(at), sorted);
      await insertRaw(tx, at, raw);
      await addToExperiments(tx, counted, view.firstVisits, events);
      await addErrorGroups(tx, dayOf(at), at, counted.id, errors);
      return true;
    });
  }

  /**
   * Deletes what is kept for a set time only: raw events after `rawEventDays`, daily aggregates after
   * `aggregateDays`, page views once their proof has expired, and an experiment's visitors `rawEventDays` after it
   * ended (with its raw events, its results go). Answers how many rows went.
   */
  async deleteOld(now = new Date()): Promise<number> {
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const deleted = (sql: string, params: unknown[]) =>
      this.database
        .query<{ deleted: number }>(
          `with gone as (${sql} returning 1) select count(*)::integer as deleted from gone`,
          params,
        )
        .then(([row]) => row?.deleted ?? 0);
    const experimentsEnded = `experiment_id in (select id from experiments where ended_at < $1)`;
    const counts = [
      await deleted('delete from rum_events where received_at < $1', [daysAgo(rawEventDays)]),
      await deleted('delete from rum_daily where day < $1::date', [daysAgo(aggregateDays).slice(0, 10)]),
      await deleted('delete from rum_histograms where day < $1::date', [daysAgo(aggregateDays).slice(0, 10)]),
      // a minute's grace for a replica whose clock is behind: it still takes the proof, and finds its row
      await deleted('delete from rum_views where expires_at < $1', [
        new Date(now.getTime() - 5 * 60_000).toISOString(),
      ]),
      await deleted('delete from error_daily where day < $1::date', [daysAgo(aggregateDays).slice(0, 10)]),
      await deleted(
        `delete from error_groups g where not exists
           (select 1 from error_daily d where d.section = g.section and d.fingerprint = g.fingerprint)
           and g.first_seen < $1`,
        [daysAgo(1)],
      ),
      await deleted(
        'delete from error_views e where not exists (select 1 from rum_views v where v.id = e.view_id)',
        [],
      ),
      await deleted(`delete from experiment_visitors where ${experimentsEnded}`, [daysAgo(rawEventDays)]),
      await deleted(`delete from experiment_served where ${experimentsEnded}`, [daysAgo(rawEventDays)]),
    ];
    return counts.reduce((sum, count) => sum + count, 0);
  }
}

/**
 * Counts a beacon's events against its page view: the view's row id and whether this is its first beacon, or
 * null when the view has sent a page's worth already (a replayed proof gets no further).
 */
async function countAgainstView(
  tx: Queries,
  view: PageView,
  events: number,
): Promise<{ id: string; first: boolean } | null> {
  const [row] = await tx.query<{ id: string | number; events: number }>(
    `insert into rum_views (nonce, expires_at, events) values ($1, $2, $3)
     on conflict (nonce) do update set events = rum_views.events + excluded.events
       where rum_views.events + excluded.events <= $4
     returning id, events`,
    [view.nonce, new Date(view.issuedAt + proofLifetimeMs).toISOString(), events, beaconLimits.pageEvents],
  );
  if (!row) return null;
  // a first beacon inserts the row with its own count (a page's first batch is never over the limit)
  return { id: String(row.id), first: row.events === events };
}

/**
 * What a visitor's first page of an experiment reported, for the guard: counted once per experiment and view
 * (its first beacon makes the row: the visitor was measured), an error or failed load of the section, and the
 * first LCP and INP of its routes, each numbered in the order values came.
 */
async function addToExperiments(
  tx: Queries,
  view: { id: string; first: boolean },
  visits: readonly FirstVisit[],
  events: readonly FieldEvent[],
): Promise<void> {
  for (const visit of visits) {
    const ours = events.filter((event) => sectionOfEvent(event) === visit.section);
    const error = ours.some((event) => event.kind === 'error' || event.kind === 'section-failed');
    const vital = (name: 'LCP' | 'INP') => {
      for (const event of ours) if (event.kind === 'vital' && event.name === name) return event.value;
      return null;
    };
    const [lcp, inp] = [vital('LCP'), vital('INP')];
    if (!view.first && !error && lcp === null && inp === null) continue;
    await tx.query(
      `insert into experiment_visitors (experiment_id, view_id, candidate, share, error, lcp, lcp_order, inp, inp_order)
       values ($1, $2, $3, $4, $5, $6::double precision,
         case when $6::double precision is null then null else nextval('experiment_values_order') end,
         $7::double precision,
         case when $7::double precision is null then null else nextval('experiment_values_order') end)
       on conflict (experiment_id, view_id) do update set
         error = experiment_visitors.error or excluded.error,
         lcp = coalesce(experiment_visitors.lcp, excluded.lcp),
         lcp_order = coalesce(experiment_visitors.lcp_order, excluded.lcp_order),
         inp = coalesce(experiment_visitors.inp, excluded.inp),
         inp_order = coalesce(experiment_visitors.inp_order, excluded.inp_order)`,
      [visit.experiment, view.id, visit.candidate, visit.share, error, lcp, inp],
    );
  }
}

/** `($1, $2, ...), (...)` for rows of `width` parameters after the first `offset`. */
const valuesList = (rows: number, width: number, offset: number, casts: readonly string[] = []) =>
  Array.from(
    { length: rows },
    (_, row) =>
      `(${Array.from({ length: width }, (_, column) => `$${offset + row * width + column + 1}${casts[column] ?? ''}`).join(', ')})`,
  ).join(', ');

async function addToDaily(tx: Queries, day: string, rows: readonly Aggregate[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into rum_daily (day, route, section, build, metric, count, sum)
     select $1::date, v.route, v.section, v.build, v.metric, v.count, v.sum
     from (values ${valuesList(rows.length, 6, 1, ['::text', '::text', '::text', '::text', '::integer', '::double precision'])})
       as v(route, section, build, metric, count, sum)
     on conflict (day, route, section, build, metric)
     do update set count = rum_daily.count + excluded.count, sum = rum_daily.sum + excluded.sum`,
    [day, ...rows.flatMap((row) => [...row.key, row.count, row.sum])],
  );
}

async function addToHistograms(tx: Queries, day: string, rows: readonly Aggregate[]): Promise<void> {
  const buckets = rows.flatMap((row) =>
    [...row.buckets.entries()].sort(([a], [b]) => a - b).map(([bucket, count]) => [...row.key, bucket, count]),
  );
  if (buckets.length === 0) return;
  await tx.query(
    `insert into rum_histograms (day, route, section, build, metric, bucket, count)
     select $1::date, v.route, v.section, v.build, v.metric, v.bucket, v.count
     from (values ${valuesList(buckets.length, 6, 1, ['::text', '::text', '::text', '::text', '::integer', '::integer'])})
       as v(route, section, build, metric, bucket, count)
     on conflict (day, route, section, build, metric, bucket)
     do update set count = rum_histograms.count + excluded.count`,
    [day, ...buckets.flat()],
  );
}

async function insertRaw(tx: Queries, at: Date, rows: readonly unknown[][]): Promise<void> {
  // the hour, not the second: raw events of one visit are not told apart from their neighbours' by time
  const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();
  await tx.query(
    `insert into rum_events (received_at, route, section, build, metric, value, detail, builds)
     select $1::timestamptz, v.route, v.section, v.build, v.metric, v.value, v.detail, v.builds
     from (values ${valuesList(rows.length, 7, 1, ['::text', '::text', '::text', '::text', '::double precision', '::text', '::text'])})
       as v(route, section, build, metric, value, detail, builds)`,
    [hour, ...rows.flat()],
  );
}
