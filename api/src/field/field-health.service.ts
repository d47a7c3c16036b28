import { Inject, Injectable } from '@nestjs/common';
import {
  conversionNames,
  fieldHealthBuildsPerSection,
  vitalNames,
  type FieldHealth,
  type FieldHealthRow,
  type VitalName,
} from '@portfolio/contracts/field-events';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import { DATABASE, type Database } from '../storage/database.js';
import { dayOf } from './field-events-store.js';
import { percentileOf } from './vital-histogram.js';
import { ErrorGroupsService } from './error-groups/error-groups.js';

/** The health view covers this many days, today included. */
const fieldHealthDays = 7;

const isVital = (metric: string): metric is VitalName => (vitalNames as readonly string[]).includes(metric);
const sectionOrder = (section: string) => {
  const index = remoteNames.indexOf(section as RemoteName);
  return index === -1 ? remoteNames.length : index;
};

function emptyRow(section: FieldHealthRow['section'], build: string): FieldHealthRow {
  const perVital = <T>(value: T) => Object.fromEntries(vitalNames.map((name) => [name, value])) as Record<VitalName, T>;
  return {
    section,
    build,
    views: 0,
    errors: 0,
    errorRate: null,
    p75: perVital<number | null>(null),
    samples: perVital(0),
    conversions: Object.fromEntries(conversionNames.map((name) => [name, 0])) as FieldHealthRow['conversions'],
    errorGroups: [],
  };
}

/**
 * The owner's view of the field (issue 20 item 5): per section and build, the last days' p75 of each vital
 * from the summed histograms, and JavaScript errors plus failed section loads per view; at most
 * `fieldHealthBuildsPerSection` builds per section.
 */
@Injectable()
export class FieldHealthService {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly errorGroups: ErrorGroupsService,
  ) {}

  async lastDays(now = new Date()): Promise<FieldHealth> {
    const since = dayOf(new Date(now.getTime() - (fieldHealthDays - 1) * 86_400_000));
    const [totals, buckets, groups] = await Promise.all([
      this.database.query<{ section: string; build: string; metric: string; count: number }>(
        `select section, build, metric, sum(count)::integer as count from rum_daily
         where day >= $1::date group by section, build, metric`,
        [since],
      ),
      this.database.query<{ section: string; build: string; metric: string; bucket: number; count: number }>(
        `select section, build, metric, bucket, sum(count)::integer as count from rum_histograms
         where day >= $1::date group by section, build, metric, bucket`,
        [since],
      ),
      this.errorGroups.sinceDay(since),
    ]);
    const rows = new Map<string, FieldHealthRow>();
    const rowOf = (section: string, build: string) => {
      const id = `${section}\u0000${build}`;
      let row = rows.get(id);
      if (!row) rows.set(id, (row = emptyRow(section as FieldHealthRow['section'], build)));
      return row;
    };
    for (const { section, build, metric, count } of totals) {
      const row = rowOf(section, build);
      if (metric === 'view') row.views += count;
      else if (metric === 'error' || metric === 'section-failed') row.errors += count;
      else if (isVital(metric)) row.samples[metric] += count;
      else if (metric.startsWith('conversion:')) {
        const name = metric.slice('conversion:'.length) as keyof FieldHealthRow['conversions'];
        if (name in row.conversions) row.conversions[name] += count;
      }
    }
    const histograms = new Map<string, Map<number, number>>();
    for (const { section, build, metric, bucket, count } of buckets) {
      const id = `${section}\u0000${build}\u0000${metric}`;
      const histogram = histograms.get(id) ?? new Map<number, number>();
      histogram.set(bucket, count);
      histograms.set(id, histogram);
    }
    for (const row of rows.values()) {
      row.errorGroups = groups.get(`${row.section} ${row.build}`) ?? [];
      row.errorRate = row.views > 0 ? row.errors / row.views : null;
      for (const name of vitalNames) {
        const histogram = histograms.get(`${row.section}\u0000${row.build}\u0000${name}`);
        row.p75[name] = histogram ? percentileOf(name, histogram, 0.75) : null;
      }
    }
    const ordered = [...rows.values()].sort(
      (a, b) =>
        sectionOrder(a.section) - sectionOrder(b.section) || b.views - a.views || a.build.localeCompare(b.build),
    );
    // bounded: each section's builds with the most page views (measured builds are the site's own: page view proofs)
    const perSection = new Map<string, number>();
    const shown = ordered.filter((row) => {
      const rank = (perSection.get(row.section) ?? 0) + 1;
      perSection.set(row.section, rank);
      return rank <= fieldHealthBuildsPerSection;
    });
    return { days: fieldHealthDays, since, rows: shown, omitted: ordered.length - shown.length };
  }
}
