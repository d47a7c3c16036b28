import { useRef, type ReactNode, type SubmitEvent } from 'react';
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
import { PreviewLinkFacts } from './preview-link';

/** What the sections page's action does to one section. */
export type SectionIntent = 'preview' | 'promote' | 'roll-back' | 'promote-release' | 'delete-release';

const done: Record<SectionIntent, string> = {
  preview: 'Preview link made: visitors still get the live section.',
  promote: 'Promoted: every visitor now gets it.',
  'roll-back': 'Rolled back: every visitor gets the previous URL again.',
  'promote-release': 'Done: every visitor now gets the release marked Live.',
  'delete-release': 'Deleted: its files and preview links are gone.',
};

/**
 * One section: live URL and health, its releases, and Preview (a link to the preview origin), Promote and Roll
 * back of a candidate URL; `children` below (its experiment).
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
  const fetcher = useFetcher<ActionResult<SectionIntent>>();
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const id = (part: string) => `section-${section.name}-${part}`;

  const urlField = useRef<HTMLInputElement>(null);
  const submit = (intent: SectionIntent) => {
    const url = urlField.current?.value ?? '';
    if (!busy) void fetcher.submit({ intent, name: section.name, url }, jsonSubmit);
  };
  // Enter in the URL field previews; each button says what it does
  const submitForm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = event.nativeEvent.submitter;
    submit(submitter?.getAttribute('value') === 'promote' ? 'promote' : 'preview');
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

        <SectionReleases section={section} releases={releases} experiment={experiment} />

        <form className="mt-2" noValidate onSubmit={submitForm}>
          <label htmlFor={id('url')} className="form-label">
            Candidate URL for the {section.label}
          </label>
          <input
            ref={urlField}
            id={id('url')}
            name="url"
            type="text"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            required
            className="form-control"
            aria-describedby={id('url-hint')}
          />
          <p id={id('url-hint')} className={styles.hint}>
            The section&apos;s remoteEntry.js or mf-manifest.json, absolute or relative to this site.
          </p>
          <div className={styles.actions}>
            <button
              type="submit"
              name="intent"
              value="preview"
              className="btn btn-secondary btn-sm"
              aria-disabled={busy || undefined}
            >
              Preview
            </button>
            <button
              type="submit"
              name="intent"
              value="promote"
              className="btn btn-primary btn-sm"
              aria-disabled={busy || undefined}
            >
              Promote
            </button>
          </div>
        </form>

        <div className={`${styles.actions} mt-2`}>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={section.previousUrl === null}
            aria-describedby={id('roll-back-to')}
            onClick={() => submit('roll-back')}
          >
            Roll back
          </button>
          <span id={id('roll-back-to')} className={styles.hint}>
            {section.previousUrl === null ? (
              'Nothing to go back to yet.'
            ) : (
              <>
                Goes back to <span className={styles.url}>{section.previousUrl}</span>
              </>
            )}
          </span>
        </div>

        {children}

        {result && (
          <ActionOutcome result={result}>
            <p className="mb-0">{result.ok ? done[result.intent] : result.message}</p>
            {result.ok && result.preview && <PreviewLinkFacts link={result.preview} label={section.label} />}
            {!result.ok && result.problems.length > 0 && <ProblemList problems={result.problems} />}
          </ActionOutcome>
        )}
      </div>
    </section>
  );
}
