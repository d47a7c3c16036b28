import { useRef } from 'react';
import { Link, useFetcher } from '@portfolio/router';
import { endOf, shareLimits, type Experiment } from '@portfolio/contracts/experiments';
import { ownerPaths } from '@portfolio/contracts/owner';
import type { SectionOverview } from '@portfolio/contracts/owner';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import { experimentDone, type ExperimentIntent } from './experiment-action';
import { jsonSubmit, type ActionResult } from './owner-calls';
import { OwnerTime } from './owner-time';
import styles from './owner.module.css';
import { ActionOutcome } from './action-outcome';
import { candidatesOf, ReleasePicker } from './release-picker';

interface Props {
  section: SectionOverview;
  experiment: Experiment | undefined;
  releases: readonly SectionRelease[];
}

/**
 * A section card's experiment with a fixed share: start one, or the running one's share, results, end and promote;
 * a stop's reason. Nothing while a rollout runs (rollout-panel.tsx), whose share moves by its steps only.
 */
export function ExperimentPanel({ section, experiment, releases }: Props) {
  const fetcher = useFetcher<ActionResult<ExperimentIntent>>();
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const id = (part: string) => `experiment-${section.name}-${part}`;

  const running = experiment?.endedAt === null ? experiment : null;
  const end = experiment?.endReason && !experiment.rollout ? endOf(experiment.endReason) : null;
  const stopped = end?.kind === 'stopped' ? experiment : null;
  const candidates = candidatesOf(releases);
  const releaseField = useRef<HTMLSelectElement>(null);
  const shareField = useRef<HTMLInputElement>(null);
  const submit = (intent: ExperimentIntent) => {
    if (!busy)
      void fetcher.submit(
        {
          intent,
          name: section.name,
          experiment: String(running?.id ?? ''),
          release: releaseField.current?.value ?? '',
          share: shareField.current?.value ?? '',
        },
        jsonSubmit,
      );
  };

  if (running?.rollout) return null;
  return (
    <div className={styles.experiment} aria-labelledby={id('title')} role="group">
      <h3 id={id('title')} className="h6 mb-2">
        Experiment
      </h3>
      {stopped && (
        <p className={`${styles.problem} mb-2`}>
          <strong>Stopped</strong> <OwnerTime at={stopped.endedAt ?? stopped.startedAt} />: {end?.why}.{' '}
          <Link to={`${ownerPaths.experiments}/${stopped.id}`}>Results</Link>
        </p>
      )}
      {running?.mismatch && (
        <p className={`${styles.problem} mb-2`}>
          <strong>Sample ratio mismatch</strong>: {running.mismatch}.
        </p>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(running ? 'change-share' : 'start-experiment');
        }}
      >
        {running ? (
          <p className="mb-2">
            <strong>Running</strong>: {running.share} % of visitors get release{' '}
            <span className={styles.url}>{running.candidateReleaseId}</span> since <OwnerTime at={running.startedAt} />.{' '}
            <Link to={`${ownerPaths.experiments}/${running.id}`}>Results</Link>
          </p>
        ) : (
          <ReleasePicker
            ref={releaseField}
            id={id('release')}
            name="release"
            label="Candidate release"
            className="mb-2"
            candidates={candidates}
          />
        )}
        <label htmlFor={id('share')} className="form-label">
          Share of visitors (%)
        </label>
        <input
          ref={shareField}
          id={id('share')}
          name="share"
          type="number"
          inputMode="numeric"
          min={shareLimits.min}
          max={shareLimits.max}
          step={1}
          required
          className={`form-control ${styles.share}`}
          defaultValue={running?.share ?? 10}
          key={running?.share ?? 'new'}
        />
        <div className={`${styles.actions} mt-2`}>
          {running ? (
            <>
              <button type="submit" className="btn btn-secondary btn-sm" aria-disabled={busy || undefined}>
                Change share
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                aria-disabled={busy || undefined}
                onClick={() => submit('end-experiment')}
              >
                End experiment
              </button>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                aria-disabled={busy || undefined}
                onClick={() => submit('promote-candidate')}
              >
                Promote candidate
              </button>
            </>
          ) : (
            <button
              type="submit"
              className="btn btn-secondary btn-sm"
              aria-disabled={busy || candidates.length === 0 || undefined}
            >
              Start experiment
            </button>
          )}
        </div>
      </form>
      {result && (
        <ActionOutcome result={result}>
          <p className="mb-0">{result.ok ? experimentDone[result.intent] : result.message}</p>
        </ActionOutcome>
      )}
    </div>
  );
}
