import { useCallback, useRef, useState, type RefObject } from 'react';
import { Link, useFetcher } from '@portfolio/router';
import { rolloutDefaults, rolloutLimits, type Experiment, type Rollout } from '@portfolio/contracts/experiments';
import { ownerPaths } from '@portfolio/contracts/owner';
import type { SectionOverview } from '@portfolio/contracts/owner';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import { experimentDone, type ExperimentIntent, type RolloutField } from './experiment-action';
import { jsonSubmit, type ActionResult } from './owner-calls';
import { OwnerTime } from './owner-time';
import { ConfirmRemovalModal } from './confirm-removal-modal';
import { nextStepText, rolloutEndText, stepText } from './rollout-words';
import { candidatesOf, ReleasePicker } from './release-picker';
import styles from './owner.module.css';
import { ActionOutcome } from './action-outcome';

type RolloutIntent = Extract<ExperimentIntent, 'start-rollout' | 'pause-rollout' | 'resume-rollout'>;

type RunningRollout = Experiment & { rollout: Rollout };

/** What the next step waits for, each in a few words; none when it begins at the guard's next look. */
function waitsFor(experiment: RunningRollout, now: number) {
  const { rollout } = experiment;
  const waits = [];
  if (rollout.pausedAt)
    waits.push(
      <>
        you: paused since <OwnerTime at={rollout.pausedAt} />
      </>,
    );
  if (experiment.mismatch) waits.push(<>the sample ratio mismatch to clear</>);
  if (rollout.nextStepAt && Date.parse(rollout.nextStepAt) > now)
    waits.push(
      <>
        the hold time, until <OwnerTime at={rollout.nextStepAt} />
      </>,
    );
  if (rollout.visitorsThisStep < rollout.stepVisitors)
    waits.push(
      <>
        visitors: {rollout.visitorsThisStep} of {rollout.stepVisitors} in this step
      </>,
    );
  return waits;
}

function RunningRolloutFacts({ experiment, now }: { experiment: RunningRollout; now: number }) {
  const { rollout } = experiment;
  const waits = waitsFor(experiment, now);
  return (
    <>
      <p className="mb-2">
        <strong>{stepText(rollout)}</strong> get release{' '}
        <span className={styles.url}>{experiment.candidateReleaseId}</span>, started{' '}
        <OwnerTime at={experiment.startedAt} /> by {experiment.startedBy}.{' '}
        <Link to={`${ownerPaths.experiments}/${experiment.id}`}>Results</Link>
      </p>
      <ol className={styles.steps} aria-label="Steps">
        {rollout.steps.map((percent, index) => (
          <li
            key={percent}
            aria-current={index === rollout.step ? 'step' : undefined}
            className={index < rollout.step ? styles.stepDone : index === rollout.step ? styles.stepNow : undefined}
          >
            {percent} %
          </li>
        ))}
      </ol>
      {experiment.mismatch && (
        <p className={`${styles.problem} mb-2`}>
          <strong>Sample ratio mismatch</strong>: {experiment.mismatch}. Nothing advances while it lasts; a harmful
          release is still rolled back.
        </p>
      )}
      <dl className={styles.facts}>
        <dt>Next</dt>
        <dd>{nextStepText(rollout)}</dd>
        <dt>Waits for</dt>
        <dd>
          {waits.length === 0
            ? 'nothing more: it begins when the guard next looks'
            : waits.map((wait, index) => (
                <span key={index} className="d-block">
                  {wait}
                </span>
              ))}
        </dd>
        <dt>Each step</dt>
        <dd>
          held {rollout.holdMinutes} min and until {rollout.stepVisitors} visitors have had it
        </dd>
      </dl>
    </>
  );
}

interface Props {
  section: SectionOverview;
  experiment: Experiment | undefined;
  releases: readonly SectionRelease[];
  /** the time the page's follow of running rollouts last ticked (follow-rollouts.ts): the hold's countdown */
  now: number;
}

/**
 * A section card's rollout: start one (a release that passed its checks, its steps, the hold time and visitors of
 * each step), or the running one's step, what the next waits for, Pause, Resume and Roll back now; how it ended.
 * Nothing while a fixed-share experiment runs (experiment-panel.tsx).
 */
export function RolloutPanel({ section, experiment, releases, now }: Props) {
  const fetcher = useFetcher<ActionResult<ExperimentIntent>>({ key: `rollout-${section.name}` });
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  // the rollout whose roll back is being confirmed
  const [confirming, setConfirming] = useState<Experiment | null>(null);
  const id = (part: string) => `rollout-${section.name}-${part}`;
  const releaseField = useRef<HTMLSelectElement>(null);
  const stepsField = useRef<HTMLInputElement>(null);
  const holdField = useRef<HTMLInputElement>(null);
  const visitorsField = useRef<HTMLInputElement>(null);

  const running = experiment?.endedAt === null ? experiment : null;
  const rolling = running?.rollout ? (running as RunningRollout) : null;
  const ended = experiment?.endedAt && experiment.rollout ? (experiment as RunningRollout) : null;
  const candidates = candidatesOf(releases);
  const invalid = result && !result.ok ? (result.invalid ?? {}) : {};
  const closeConfirm = useCallback(() => setConfirming(null), []);

  if (running && !rolling) return null;

  const submit = (intent: RolloutIntent) => {
    if (busy) return;
    const typed: Record<RolloutField, string> = {
      release: releaseField.current?.value ?? '',
      steps: stepsField.current?.value ?? '',
      holdMinutes: holdField.current?.value ?? '',
      stepVisitors: visitorsField.current?.value ?? '',
    };
    void fetcher.submit({ ...typed, intent, name: section.name, experiment: String(rolling?.id ?? '') }, jsonSubmit);
  };
  /** A field of the start form: its label, hint, and its problem when the action refused it. */
  const fieldProps = (name: RolloutField) => ({
    id: id(name),
    name,
    'aria-invalid': invalid[name] ? true : undefined,
    'aria-describedby': [invalid[name] && id(`${name}-problem`), id(`${name}-hint`)].filter(Boolean).join(' '),
  });
  const problem = (name: RolloutField) =>
    invalid[name] && (
      <p id={id(`${name}-problem`)} className={`${styles.hint} ${styles.problem}`}>
        {invalid[name]}
      </p>
    );

  /** A whole-number field of the start form, its bounds and default the contract's. */
  const wholeField = (
    name: 'holdMinutes' | 'stepVisitors',
    ref: RefObject<HTMLInputElement | null>,
    label: string,
    hint: string,
  ) => (
    <div>
      <label htmlFor={id(name)} className="form-label">
        {label}
      </label>
      <input
        ref={ref}
        {...fieldProps(name)}
        type="number"
        inputMode="numeric"
        min={rolloutLimits[name].min}
        max={rolloutLimits[name].max}
        step={1}
        className={`form-control ${styles.share}`}
        defaultValue={rolloutDefaults[name]}
      />
      {problem(name)}
      <p id={id(`${name}-hint`)} className={styles.hint}>
        {hint}
      </p>
    </div>
  );

  return (
    <div className={styles.experiment} aria-labelledby={id('title')} role="group">
      <h3 id={id('title')} className="h6 mb-2" tabIndex={-1}>
        Rollout
      </h3>
      {rolling ? (
        <>
          <RunningRolloutFacts experiment={rolling} now={now} />
          <div className={styles.actions}>
            {rolling.rollout.pausedAt ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-disabled={busy || undefined}
                onClick={() => submit('resume-rollout')}
              >
                Resume
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-disabled={busy || undefined}
                onClick={() => submit('pause-rollout')}
              >
                Pause
              </button>
            )}
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(rolling)}>
              Roll back now
            </button>
          </div>
        </>
      ) : (
        <>
          {ended && (
            <p className={`${ended.endReason === 'promoted' ? '' : styles.problem} mb-2`}>
              <strong>{rolloutEndText(ended)}</strong>, <OwnerTime at={ended.endedAt ?? ended.startedAt} />.{' '}
              <Link to={`${ownerPaths.experiments}/${ended.id}`}>Results</Link>
            </p>
          )}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit('start-rollout');
            }}
          >
            <ReleasePicker
              ref={releaseField}
              {...fieldProps('release')}
              label="Release to roll out"
              candidates={candidates}
            />
            {problem('release')}
            <p id={id('release-hint')} className={`${styles.hint} mb-2`}>
              Releases that passed their checks and are not live.
            </p>
            <label htmlFor={id('steps')} className="form-label">
              Steps (% of visitors)
            </label>
            <input
              ref={stepsField}
              {...fieldProps('steps')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              className={`form-control ${styles.stepsField}`}
              defaultValue={rolloutDefaults.steps.join(', ')}
            />
            {problem('steps')}
            <p id={id('steps-hint')} className={`${styles.hint} mb-2`}>
              Rising, the last 100: reaching it promotes the release. {rolloutLimits.steps.min} to{' '}
              {rolloutLimits.steps.max} steps.
            </p>
            <div className={styles.rolloutNumbers}>
              {wholeField('holdMinutes', holdField, 'Hold each step (minutes)', 'At least.')}
              {wholeField('stepVisitors', visitorsField, 'Visitors per step', 'New visitors on the release, at least.')}
            </div>
            <p className={styles.hint}>
              Each step begins by itself once the one before has been held that long and seen that many visitors, while
              the guard finds no harm; on harm every visitor goes back to live and you get a mail.
            </p>
            <div className={`${styles.actions} mt-2`}>
              <button
                type="submit"
                className="btn btn-secondary btn-sm"
                aria-disabled={busy || candidates.length === 0 || undefined}
              >
                Start rollout
              </button>
            </div>
          </form>
        </>
      )}
      {/* outside the running rollout's part, which is gone once it has rolled back: focus goes to the title */}
      <ConfirmRemovalModal
        removal={
          confirming && {
            intent: 'roll-back-rollout',
            id: confirming.id,
            fields: { name: section.name, experiment: String(confirming.id) },
          }
        }
        title="Roll back this rollout?"
        action="Roll back now"
        acting="Rolling back…"
        focusAfter={() => document.getElementById(id('title'))}
        onClose={closeConfirm}
      >
        Every visitor gets the live release again from their next page, and the rollout ends: release{' '}
        {confirming?.candidateReleaseId} would have to start again from its first step.
      </ConfirmRemovalModal>
      {/* what an action did, while it still holds: a rollout's start or pause is not news once it has ended */}
      {result && result.intent !== 'roll-back-rollout' && (!result.ok || rolling) && (
        <ActionOutcome result={result}>
          <p className="mb-0">{result.ok ? experimentDone[result.intent] : result.message}</p>
        </ActionOutcome>
      )}
    </div>
  );
}
