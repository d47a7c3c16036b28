import { Inject, Injectable } from '@nestjs/common';
import {
  type ExperimentResults,
  type HourFigures,
  type RateFigure,
  type VariantResults,
} from '@portfolio/contracts/experiments';
import { releaseIdOf } from '@portfolio/contracts/section-releases';
import { conversionNames, vitalNames, type VitalName } from '@portfolio/contracts/field-events';
import { bucketOf, percentileOf, valueOfBucket } from '../field/vital-histogram.js';
import { DATABASE, type Database, type Queries } from '../storage/database.js';
import { quantileWithInterval, wilsonInterval, type Proportion } from './experiment-statistics.js';
import { errorVerdict } from './experiment-verdicts.js';
import { shownExperiment, type StoredExperiment } from './experiments-table.js';
import { guardDecision, GuardEvidence, guardedVitals, type GuardReading } from './guard.js';

type Variant = 'live' | 'candidate';

interface EventCount {
  variant: Variant;
  metric: string;
  hour: Date;
  count: number;
}
interface VitalValue {
  variant: Variant;
  metric: VitalName;
  hour: Date;
  value: number;
}

/** Events per view, capped at one per view: the Beta comparison counts views that met the event. */
function rateOf(events: number, visitors: number): RateFigure {
  const proportion: Proportion = { events: Math.min(events, visitors), visitors };
  const interval = wilsonInterval(proportion);
  return {
    events: proportion.events,
    visitors,
    rate: visitors > 0 ? proportion.events / visitors : null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
  };
}

const histogramOf = (values: readonly VitalValue[], name: VitalName) => {
  const counts = new Map<number, number>();
  for (const { value } of values) counts.set(bucketOf(name, value), (counts.get(bucketOf(name, value)) ?? 0) + 1);
  return counts;
};

/**
 * What the guard knows of an experiment (guard.ts), from the server's record of its visitors: their share periods
 * and errors (experiment_visitors, one row per visitor whose first page's measurements came), each vital's values
 * in the order they came, and the visitors the server sent a first page (experiment_served).
 */
export async function guardReadingOf(
  experiment: StoredExperiment,
  queries: Queries,
): Promise<GuardReading & { served: ExperimentResults['guard']['served'] }> {
  const evidence = new GuardEvidence({ marginsMs: experiment.marginsMs });
  const [visitors, served, ...vitals] = await Promise.all([
    queries.query<{ share: number; candidate: boolean; visitors: number; errors: number }>(
      `select share, candidate, count(*)::integer as visitors, count(*) filter (where error)::integer as errors
       from experiment_visitors where experiment_id = $1 group by share, candidate order by share, candidate`,
      [experiment.id],
    ),
    queries.query<{ candidate: boolean; visitors: number }>(
      `select candidate, sum(visitors)::integer as visitors from experiment_served where experiment_id = $1 group by candidate`,
      [experiment.id],
    ),
    ...guardedVitals.map((name) => {
      const column = name.toLowerCase();
      return queries.query<{ share: number; candidate: boolean; value: number }>(
        `select share, candidate, ${column} as value from experiment_visitors
         where experiment_id = $1 and ${column} is not null order by ${column}_order`,
        [experiment.id],
      );
    }),
  ]);
  for (const row of visitors) evidence.visitors(row.share / 100, row.candidate, row.visitors, row.errors);
  guardedVitals.forEach((name, index) => {
    for (const row of vitals[index] ?? []) evidence.vital(name, row.share / 100, row.candidate, row.value);
  });
  const servedOn = (candidate: boolean) => served.find((row) => row.candidate === candidate)?.visitors ?? 0;
  return { ...guardDecision(evidence), served: { live: servedOn(false), candidate: servedOn(true) } };
}

/**
 * An experiment's figures per variant, from the raw field events (kept 30 days) of the section's routes
 * that arrived while it ran (by their ids: the events keep only the hour they arrived in): a variant's events are
 * those whose page view proof named its release for the section. These "visitors" are page views (the owner's
 * Bayesian view); the guard's figures are per visitor (guardReadingOf).
 */
@Injectable()
export class ExperimentResultsReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async of(stored: StoredExperiment, queries: Queries = this.database): Promise<ExperimentResults> {
    const experiment = shownExperiment(stored);
    const liveBuild = releaseIdOf(experiment.liveUrl);
    // a live URL that is no release of this site: every other build of the section counts as live
    const variantSql = `case when build = $2 then 'candidate' when ${liveBuild ? 'build = $5' : 'true'} then 'live' end`;
    const params = [experiment.section, experiment.candidateReleaseId, stored.eventsAfter, stored.eventsUntil];
    const where = `section = $1 and id > $3::bigint and ($4::bigint is null or id <= $4::bigint)
      and ${variantSql} is not null`;
    const all = liveBuild ? [...params, liveBuild] : params;
    const [counts, values, guard] = await Promise.all([
      queries.query<EventCount>(
        `select ${variantSql} as variant, metric, received_at as hour, count(*)::integer as count from rum_events
         where ${where} group by 1, metric, received_at`,
        all,
      ),
      queries.query<VitalValue>(
        `select ${variantSql} as variant, metric, received_at as hour, value from rum_events
         where ${where} and metric in ('LCP', 'INP', 'CLS', 'TTFB') and value is not null`,
        all,
      ),
      guardReadingOf(stored, queries),
    ]);
    const live = variantResults(liveBuild ?? '', counts, values, 'live');
    const candidate = variantResults(experiment.candidateReleaseId, counts, values, 'candidate');
    const errorsOf = (variant: VariantResults): Proportion => variant.errors;
    return {
      experiment,
      live,
      candidate,
      guard: {
        served: guard.served,
        measuredShare: guard.measuredShare,
        assignedShare: guard.assignedShare,
        mismatch: guard.mismatch,
        guardrails: guard.guardrails,
      },
      verdicts: {
        errors: errorVerdict(errorsOf(live), errorsOf(candidate), experiment.minVisitors),
        conversions: Object.fromEntries(
          conversionNames.map((name) => [name, conversionVerdict(live, candidate, name, experiment.minVisitors)]),
        ) as ExperimentResults['verdicts']['conversions'],
      },
      hours: hoursOf(counts, values),
    };
  }
}

function variantResults(
  build: string,
  counts: readonly EventCount[],
  values: readonly VitalValue[],
  variant: Variant,
): VariantResults {
  const total = (...metrics: string[]) =>
    counts
      .filter((row) => row.variant === variant && metrics.includes(row.metric))
      .reduce((sum, row) => sum + row.count, 0);
  const visitors = total('view');
  const ours = values.filter((row) => row.variant === variant);
  const p75 = Object.fromEntries(
    vitalNames.map((name) => {
      const histogram = histogramOf(
        ours.filter((row) => row.metric === name),
        name,
      );
      return [name, quantileWithInterval(histogram, 0.75, (bucket) => valueOfBucket(name, bucket))];
    }),
  ) as VariantResults['p75'];
  return {
    build,
    visitors,
    p75,
    errors: rateOf(total('error', 'section-failed'), visitors),
    conversions: Object.fromEntries(
      conversionNames.map((name) => [name, rateOf(total(`conversion:${name}`), visitors)]),
    ) as VariantResults['conversions'],
  };
}

/** "the candidate converts more with 80 % probability" or how many visits are still needed. */
function conversionVerdict(live: VariantResults, candidate: VariantResults, name: string, minVisitors: number): string {
  const words = errorVerdict(live.conversions[name as never], candidate.conversions[name as never], minVisitors);
  // the error verdict's "fewer errors" read for a conversion: fewer is worse here
  return words.replace('fewer errors', `fewer "${name}"`).replace('more errors', `more "${name}"`);
}

function hoursOf(counts: readonly EventCount[], values: readonly VitalValue[]): ExperimentResults['hours'] {
  const hours = [...new Set([...counts, ...values].map((row) => new Date(row.hour).toISOString()))].sort();
  const figures = (hour: string, variant: Variant): HourFigures => {
    const at = (row: { hour: Date; variant: Variant }) =>
      row.variant === variant && new Date(row.hour).toISOString() === hour;
    const count = (...metrics: string[]) =>
      counts.filter((row) => at(row) && metrics.includes(row.metric)).reduce((sum, row) => sum + row.count, 0);
    const p75 = Object.fromEntries(
      vitalNames.map((name) => [
        name,
        percentileOf(
          name,
          histogramOf(
            values.filter((row) => at(row) && row.metric === name),
            name,
          ),
          0.75,
        ),
      ]),
    ) as HourFigures['p75'];
    return { visitors: count('view'), errors: count('error', 'section-failed'), p75 };
  };
  return hours.map((hour) => ({ hour, live: figures(hour, 'live'), candidate: figures(hour, 'candidate') }));
}
