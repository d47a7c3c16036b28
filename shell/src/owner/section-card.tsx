import { useState, type ReactNode } from 'react';
import { useFetcher } from '@portfolio/router';
import type { Experiment } from '@portfolio/contracts/experiments';
import type { SectionOverview } from '@portfolio/contracts/owner';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import type { Loaded } from './sections-page-data';
import { SectionReleases } from './section-releases';
import { jsonSubmit, type ActionResult } from './owner-calls';
import { ProblemList, SectionHealthFacts } from './section-health';
import styles from './owner.module.css';
import { ActionOutcome } from './action-outcome';

/** What the sections page's action does to one section. */
export type SectionIntent = 'import' | 'preview' | 'roll-back' | 'promote-release' | 'delete-release';

/**
 * One section: live URL and health, its releases (Import a build from a URL above them), and Roll back to the
 * release live before the current one; `children` below (its experiment and rollout).
 */
export function SectionCard({
  section,
  releases,
  experiment,
  children,
}: {
  section: SectionOverview;
  releases: Loaded<SectionRelease[]> | undefined;
  /** the section's running or latest experiment: a release it shows is not deleted */
  experiment?: Experiment;
  children?: ReactNode;
}) {
  const fetcher = useFetcher<ActionResult<'roll-back'>>();
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const id = (part: string) => `section-${section.name}-${part}`;
  /** the release the last Roll back went back to, for its outcome to name */
  const [wentBackTo, setWentBackTo] = useState<string | null>(null);
  const previous = section.previousReleaseId;
  const rollBack = () => {
    if (busy || previous === null) return;
    setWentBackTo(previous);
    void fetcher.submit({ intent: 'roll-back', name: section.name }, jsonSubmit);
  };
  return (
    <section className="card" aria-labelledby={id('title')}>
      <div className="card-body">
        <h2 id={id('title')} className="h5 card-title">
          {section.label}
        </h2>
        <dl className={styles.facts}>
          <dt>Live URL</dt>
          <dd className={styles.url}>{section.liveUrl}</dd>
          <SectionHealthFacts health={section.liveHealth} />
        </dl>

        <div className={`${styles.actions} mt-2`}>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={previous === null}
            aria-disabled={(previous !== null && busy) || undefined}
            aria-describedby={id('roll-back-to')}
            onClick={rollBack}
          >
            {busy ? 'Rolling back…' : 'Roll back'}
          </button>
          <span id={id('roll-back-to')} className={styles.hint}>
            {previous === null
              ? 'Nothing to go back to: no release was live before this one.'
              : `Goes back to release ${previous}, live before this one (checked again first).`}
          </span>
        </div>
        {result && (
          <ActionOutcome result={result}>
            <p className="mb-0">
              {result.ok ? `Rolled back: every visitor gets release ${wentBackTo ?? ''} again.` : result.message}
            </p>
            {!result.ok && result.problems.length > 0 && <ProblemList problems={result.problems} />}
          </ActionOutcome>
        )}

        <SectionReleases section={section} releases={releases} experiment={experiment} />

        {children}
      </div>
    </section>
  );
}
