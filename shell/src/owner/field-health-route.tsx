import { Fragment } from 'react';
import { useLoaderData } from '@portfolio/router';
import { apiRequest } from '@portfolio/ui/api-client';
import { remoteByName } from '@portfolio/parts';
import {
  fieldHealthBuildsPerSection,
  type FieldHealth,
  type FieldHealthRow,
  type VitalName,
} from '@portfolio/contracts/field-events';
import type { RemoteRouteModule } from '@portfolio/contracts/remote-routes';
import { withSession } from './owner-calls';
import { OwnerErrorPage } from './owner-error-page';
import { PageHeading } from './page-heading';
import { ErrorGroupList, pageViews } from './error-groups';
import { vitalText } from './vital-text';
import styles from './owner.module.css';

const loader = (): Promise<FieldHealth> => withSession(() => apiRequest<FieldHealth>('owner/field-health'));

/** "Good" and "poor" at the 75th percentile, as web.dev defines them (TTFB's are its own advice). */
const thresholds: Record<VitalName, { good: number; poor: number; label: string }> = {
  LCP: { good: 2500, poor: 4000, label: 'Largest Contentful Paint (LCP)' },
  INP: { good: 200, poor: 500, label: 'Interaction to Next Paint (INP)' },
  CLS: { good: 0.1, poor: 0.25, label: 'Cumulative Layout Shift (CLS)' },
  TTFB: { good: 800, poor: 1800, label: 'Time to First Byte (TTFB)' },
};

function Vital({ row, name }: { row: FieldHealthRow; name: VitalName }) {
  const value = row.p75[name];
  if (value === null) return <>No measurements</>;
  const { good, poor } = thresholds[name];
  const verdict = value <= good ? 'good' : value <= poor ? 'needs improvement' : 'poor';
  return (
    <>
      {vitalText(name, value)} <span className={value > good ? styles.unhealthy : styles.healthy}>{verdict}</span>{' '}
      <span className="text-body-secondary">(from {pageViews(row.samples[name])})</span>
    </>
  );
}

/** One section at one build: what visitors' browsers measured. */
function BuildCard({ row }: { row: FieldHealthRow }) {
  const name = row.section === 'shell' ? 'Site frame ("not found" page)' : remoteByName(row.section).label;
  const id = `field-${row.section}-${row.build || 'unknown'}`;
  const conversions = Object.entries(row.conversions).filter(([, count]) => count > 0);
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5 card-title">
          {name[0]?.toUpperCase()}
          {name.slice(1)}
        </h2>
        <dl className={styles.facts}>
          <dt>Build</dt>
          <dd className={styles.url}>{row.build || 'Unknown'}</dd>
          <dt>Page views</dt>
          <dd>{row.views}</dd>
          {/* errors per page view, not a share: one page may fail several times */}
          <dt>Errors per page view</dt>
          <dd>
            {row.errorRate === null ? (
              'No page views'
            ) : (
              <span className={row.errors > 0 ? styles.unhealthy : styles.healthy}>{row.errorRate.toFixed(2)}</span>
            )}{' '}
            <span className="text-body-secondary">
              ({row.errors} JavaScript {row.errors === 1 ? 'error or failed load' : 'errors and failed loads'})
            </span>
          </dd>
          {(Object.keys(thresholds) as VitalName[]).map((vital) => (
            <Fragment key={vital}>
              <dt>{thresholds[vital].label}, p75</dt>
              <dd>
                <Vital row={row} name={vital} />
              </dd>
            </Fragment>
          ))}
          <dt>Conversions</dt>
          <dd>
            {conversions.length === 0
              ? 'None'
              : conversions
                  .map(
                    ([conversion, count]) =>
                      `${conversion[0]?.toUpperCase()}${conversion.slice(1).replaceAll('-', ' ')}: ${count}`,
                  )
                  .join(', ')}
          </dd>
        </dl>
        {row.section !== 'shell' && (
          <>
            <h3 className="h6 mt-4">Errors by kind</h3>
            <ErrorGroupList groups={row.errorGroups} empty="No JavaScript errors reported from this build." />
          </>
        )}
      </div>
    </section>
  );
}

function FieldHealthPage() {
  const health = useLoaderData<FieldHealth>();
  return (
    <>
      <PageHeading>Field health</PageHeading>
      <p className="text-body-secondary">
        What visitors&apos; browsers measured in the last {health.days} days, per section and build: the 75th percentile
        of each Core Web Vital, and JavaScript errors and failed section loads per page view. Visitors who send Global
        Privacy Control or Do Not Track are not measured.
      </p>
      {health.rows.length === 0 ? (
        <p>No measurements yet: browsers report a page once the visitor leaves it.</p>
      ) : (
        <div className="d-flex flex-column gap-3">
          {health.rows.map((row) => (
            <BuildCard key={`${row.section} ${row.build}`} row={row} />
          ))}
        </div>
      )}
      {health.omitted > 0 && (
        <p className="text-body-secondary mt-4">
          {health.omitted} older {health.omitted === 1 ? 'build' : 'builds'} with fewer page views not shown (the{' '}
          {fieldHealthBuildsPerSection} with the most per section are).
        </p>
      )}
    </>
  );
}

export const fieldHealthRoute = {
  loader,
  Component: FieldHealthPage,
  ErrorBoundary: OwnerErrorPage,
  handle: { title: 'Field health' },
} satisfies RemoteRouteModule;
