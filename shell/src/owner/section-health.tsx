import type { SectionHealth } from '@portfolio/contracts/owner';
import { OwnerTime } from './owner-time';
import styles from './owner.module.css';

/** What a check found at one URL: entry, route ids, build, and every problem in words. */
export function SectionHealthFacts({ health }: { health: SectionHealth }) {
  return (
    <>
      <dt>Health</dt>
      <dd>
        <span className={health.ok ? styles.healthy : styles.unhealthy}>{health.ok ? 'Healthy' : 'Has problems'}</span>
      </dd>
      <dt>Entry</dt>
      <dd>{health.entryAnswers ? 'Answers' : 'Does not answer'}</dd>
      <dt>Route ids</dt>
      <dd>
        {health.routeIds === null ? 'Could not be read' : health.routeIds.join(', ') || '(none)'}
        {health.missingRouteIds.length > 0 && <> (missing: {health.missingRouteIds.join(', ')})</>}
      </dd>
      <dt>Version</dt>
      <dd>
        {health.version ?? 'Unknown'}
        {health.builtAt && (
          <>
            , built <OwnerTime at={health.builtAt} />
          </>
        )}
      </dd>
      {health.problems.length > 0 && (
        <>
          <dt>Problems</dt>
          <dd>
            <ProblemList problems={health.problems} />
          </dd>
        </>
      )}
    </>
  );
}

export function ProblemList({ problems }: { problems: readonly string[] }) {
  return (
    <ul className={styles.problems}>
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}
