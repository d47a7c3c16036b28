import { Inject, Injectable } from '@nestjs/common';
import { sectionOfRoute, type RumBatch, type RumEvent } from '@portfolio/contracts/field-events';
import { DATABASE, type Database, type Queries } from '../storage/database.js';
import { bucketOf } from './vital-histogram.js';

/** Raw events are kept this long at most (docs/architecture.md "Field measurements"); aggregates hold no visitor. */
export const rawEventDays = 30;

/** The day an event counts for: the server's UTC date when it arrived. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** What one event adds to the aggregates: the metric it counts for, and its value when it has one. */
function metricOf(event: RumEvent): { metric: string; value: number | null } {
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
 * Stores beacons: one row per event in rum_events (no address, user agent or cookie: the batch holds none,
 * and the hour it arrived rather than the second), and adds them to the daily aggregates per route, section
 * build and metric with upserts that replicas may run at once.
 */
@Injectable()
export class FieldEventsStore {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async record(batch: RumBatch, at = new Date()): Promise<void> {
    const aggregates = new Map<string, Aggregate>();
    const raw: unknown[][] = [];
    const builds = JSON.stringify(batch.builds);
    for (const event of batch.events) {
      // a failed load counts against the section that failed; everything else against the route's section
      const section = event.kind === 'section-failed' ? event.section : sectionOfRoute(event.route);
      const build = section === 'shell' ? '' : (batch.builds[section] ?? '');
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
    await this.database.transaction(async (tx) => {
      await addToDaily(tx, dayOf(at), sorted);
      await addToHistograms(tx, dayOf(at), sorted);
      await insertRaw(tx, at, raw);
    });
  }

  /** Deletes raw events older than `rawEventDays`; answers how many went. */
  async deleteOldEvents(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - rawEventDays * 86_400_000);
    const [row] = await this.database.query<{ deleted: number }>(
      'with gone as (delete from rum_events where received_at < $1 returning 1) select count(*)::integer as deleted from gone',
      [cutoff.toISOString()],
    );
    return row?.deleted ?? 0;
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
