import { Fragment } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from '@portfolio/router';
import { remoteByName } from '@portfolio/parts';
import {
  endOf,
  type Experiment,
  type ExperimentResults,
  type GuardFigures,
  type GuardrailFigures,
  type P75Figure,
  type RateFigure,
  type VariantResults,
} from '@portfolio/contracts/experiments';
import { conversionNames, vitalNames, type ErrorGroups, type VitalName } from '@portfolio/contracts/field-events';
import { apiRequest } from '@portfolio/ui/api-client';
import { ErrorGroupList } from './error-groups';
import { ownerPaths } from '@portfolio/contracts/owner';
import type { RemoteRouteModule } from '@portfolio/contracts/remote-routes';
import { experimentApi } from './experiment-api';
import { ExperimentChart, type HourValue } from './experiment-chart';
import { withSession } from './owner-calls';
import { OwnerErrorPage } from './owner-error-page';
import { OwnerTime } from './owner-time';
import { rolloutEndText, stepText } from './rollout-words';
import { evidenceText, guardrailTitles, ofVisitors, percent } from './guard-figures';
import { PageHeading } from './page-heading';
import { msText, vitalText } from './vital-text';
import styles from './owner.module.css';

type ResultsData = ExperimentResults & { candidateErrors: ErrorGroups };

/** The results, and the candidate's error groups (the field measurements' own call). */
const loader = ({ params }: LoaderFunctionArgs): Promise<ResultsData> =>
  withSession(async () => {
    const results = await experimentApi.results(Number(params.id));
    const { section, candidateReleaseId } = results.experiment;
    const query = new URLSearchParams({ section, build: candidateReleaseId });
    const candidateErrors = await apiRequest<ErrorGroups>(`owner/field-health/errors?${query.toString()}`);
    return { ...results, candidateErrors };
  });

const words = (name: string) => `${name[0]?.toUpperCase() ?? ''}${name.slice(1).replaceAll('-', ' ')}`;

function P75({ name, figure }: { name: VitalName; figure: P75Figure | null }) {
  if (!figure) return <>No measurements</>;
  return (
    <>
      {vitalText(name, figure.value)}{' '}
      <span className="text-body-secondary">
        (95 %: {vitalText(name, figure.low)} to {vitalText(name, figure.high)}, {figure.count} values)
      </span>
    </>
  );
}

function Rate({ figure }: { figure: RateFigure }) {
  return (
    <>
      {percent(figure.rate)}{' '}
      <span className="text-body-secondary">
        ({figure.events} of {figure.visitors}
        {figure.low !== null && `; 95 %: ${percent(figure.low)} to ${percent(figure.high)}`})
      </span>
    </>
  );
}

function Variant({ title, variant }: { title: string; variant: VariantResults }) {
  return (
    <section className="card" aria-label={title}>
      <div className="card-body">
        <h2 className="h5 card-title">{title}</h2>
        <dl className={styles.facts}>
          <dt>Release</dt>
          <dd className={styles.url}>{variant.build || 'Not a release of this site'}</dd>
          <dt>Visitors (page views)</dt>
          <dd>{variant.visitors}</dd>
          <dt>Error rate</dt>
          <dd>
            <Rate figure={variant.errors} />
          </dd>
          {vitalNames.map((name) => (
            <Fragment key={name}>
              <dt>{name}, p75</dt>
              <dd>
                <P75 name={name} figure={variant.p75[name]} />
              </dd>
            </Fragment>
          ))}
          {conversionNames.map((name) => (
            <Fragment key={name}>
              <dt>{words(name)}</dt>
              <dd>
                <Rate figure={variant.conversions[name]} />
              </dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </section>
  );
}

function GuardrailRow({ title, figures }: { title: string; figures: GuardrailFigures }) {
  const p75 = (value: number | null | undefined) =>
    value == null ? null : <span className="d-block">p75 {msText(value)}</span>;
  const found = figures.evidence >= figures.needed;
  return (
    <tr>
      <th scope="row">{title}</th>
      <td>
        {p75(figures.p75?.live)}
        {ofVisitors(figures.live)}
      </td>
      <td>
        {p75(figures.p75?.candidate)}
        {ofVisitors(figures.candidate)}
      </td>
      <td className={found ? styles.unhealthy : undefined}>
        {evidenceText(figures.evidence)} <span className="text-body-secondary">of {evidenceText(figures.needed)}</span>
      </td>
    </tr>
  );
}

/** The guard's view: each visitor once, on their first page of the experiment; a sample ratio mismatch first. */
function Guard({ guard }: { guard: GuardFigures }) {
  const { errors, LCP, INP } = guard.guardrails;
  return (
    <section aria-labelledby="guard-title" className="mb-4">
      <h2 id="guard-title" className="h5">
        The guard
      </h2>
      {guard.mismatch && (
        <div className={styles.mismatch} role="alert">
          <strong>Sample ratio mismatch</strong>: {guard.mismatch}. A harmful candidate is still stopped.
        </div>
      )}
      <p>
        Each visitor counts once, on their first page of the experiment: the server sent it to {guard.served.live} on
        live and {guard.served.candidate} on the candidate, and measurements came back from {errors.live.visitors} and{' '}
        {errors.candidate.visitors} of them
        {guard.measuredShare !== null && guard.assignedShare !== null
          ? ` (the candidate's share ${percent(guard.measuredShare)}, assigned ${percent(guard.assignedShare)})`
          : ''}
        .
      </p>
      <div className={styles.scroll}>
        <table className={styles.guardTable}>
          <thead>
            <tr>
              <th scope="col">Guardrail</th>
              <th scope="col">Live</th>
              <th scope="col">Candidate</th>
              <th scope="col">Evidence of harm</th>
            </tr>
          </thead>
          <tbody>
            <GuardrailRow title={guardrailTitles.errors} figures={errors} />
            <GuardrailRow title={guardrailTitles.LCP} figures={LCP} />
            <GuardrailRow title={guardrailTitles.INP} figures={INP} />
          </tbody>
        </table>
      </div>
      <p className="text-body-secondary">
        The guard stops the experiment when a guardrail&apos;s evidence of harm reaches the figure beside it: a
        sequential test, valid however often it looks, that stops at most 5 % of candidates no worse than live.
      </p>
    </section>
  );
}

const charts: Array<[string, HourValue]> = [
  ['Visitors (page views)', (hour) => hour.visitors],
  ['Errors per page view', (hour) => (hour.visitors > 0 ? hour.errors / hour.visitors : null)],
  ...vitalNames.map((name): [string, HourValue] => [`${name}, p75`, (hour) => hour.p75[name]]),
];

/** Where the experiment or rollout stands, in a sentence. */
function stateText(experiment: Experiment): string {
  const { rollout, endedAt, endReason } = experiment;
  if (rollout)
    return endedAt === null
      ? `Rollout running: ${stepText(rollout)} get the candidate.`
      : `${rolloutEndText({ ...experiment, rollout })}.`;
  if (endedAt === null) return `Running: ${experiment.share} % of visitors get the candidate.`;
  const { kind, why } = endOf(endReason ?? 'ended');
  if (kind === 'stopped') return `Stopped: ${why}.`;
  return `Ended (${endReason ?? 'ended'}).`;
}

function ExperimentResultsPage() {
  const { experiment, live, candidate, guard, verdicts, hours, candidateErrors } = useLoaderData<ResultsData>();
  const label = remoteByName(experiment.section).label;
  const { rollout } = experiment;
  return (
    <>
      <PageHeading>
        {rollout ? 'Rollout' : 'Experiment'} on the {label}
      </PageHeading>
      <p>
        {stateText(experiment)} Started <OwnerTime at={experiment.startedAt} />.{' '}
        <Link to={ownerPaths.sections}>Sections</Link>
      </p>
      <Guard guard={guard} />
      <section aria-labelledby="errors-title" className="mb-4">
        <h2 id="errors-title" className="h5">
          The candidate&apos;s errors
        </h2>
        <ErrorGroupList
          groups={candidateErrors.groups}
          empty="No JavaScript errors reported from the candidate's visitors yet."
        />
      </section>
      <section aria-labelledby="verdict-title" className="mb-3">
        <h2 id="verdict-title" className="h5">
          Verdict
        </h2>
        <ul>
          <li>Errors: {verdicts.errors}</li>
          {conversionNames.map((name) => (
            <li key={name}>
              {words(name)}: {verdicts.conversions[name]}
            </li>
          ))}
        </ul>
        <p className="text-body-secondary">
          Here visitors are page views of the section&apos;s pages: nothing identifies a visitor for measuring. Rates
          have 95 % Wilson intervals, p75s distribution-free 95 % intervals; the verdicts are Bayesian comparisons.
        </p>
      </section>
      <div className={`${styles.variants} mb-4`}>
        <Variant title="Live" variant={live} />
        <Variant title="Candidate" variant={candidate} />
      </div>
      <h2 className="h5">By the hour</h2>
      {hours.length === 0 ? (
        <p>No measurements yet: browsers report a page once the visitor leaves it.</p>
      ) : (
        charts.map(([title, value]) => <ExperimentChart key={title} title={title} hours={hours} value={value} />)
      )}
    </>
  );
}

export const experimentResultsRoute = {
  loader,
  Component: ExperimentResultsPage,
  ErrorBoundary: OwnerErrorPage,
  handle: { title: 'Experiment results' },
} satisfies RemoteRouteModule;
