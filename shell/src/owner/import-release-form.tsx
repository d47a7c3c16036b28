import { useEffect, useRef, type SubmitEvent } from 'react';
import { useFetcher } from '@portfolio/router';
import type { SectionOverview } from '@portfolio/contracts/owner';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { jsonSubmit, type ActionResult } from './owner-calls';
import { ProblemList } from './section-health';
import styles from './owner.module.css';

/** The import's fetcher, shared by the form and the releases list (which marks the release it answered). */
export const importFetcherKey = (name: RemoteName) => `import-${name}`;

/** The id of what an import answered, in words: the releases list's imported release is described by it too. */
export const importOutcomeId = (name: RemoteName) => `section-${name}-import-outcome`;

/**
 * Import a build from a URL (its remoteEntry.js, its file list beside it): the server fetches and checks it as it
 * does an upload and keeps it as a release of the section, live for nobody yet. What was refused is said under the
 * field, which takes focus back; a release made (or found) is named here and marked in the list.
 */
export function ImportReleaseForm({ section }: { section: SectionOverview }) {
  const fetcher = useFetcher<ActionResult<'import'>>({ key: importFetcherKey(section.name) });
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const field = useRef<HTMLInputElement>(null);
  const id = (part: string) => `section-${section.name}-${part}`;

  useEffect(() => {
    if (!result) return;
    // refused: back to the field, which now says why; imported: the field is cleared for the next one
    if (result.ok) {
      if (field.current) field.current.value = '';
    } else {
      field.current?.focus();
    }
  }, [result]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy)
      void fetcher.submit({ intent: 'import', name: section.name, url: field.current?.value ?? '' }, jsonSubmit);
  };
  const refused = result && !result.ok ? result : undefined;
  const imported = result?.ok ? result.imported : undefined;
  return (
    <form className="mt-2 mb-3" noValidate onSubmit={submit}>
      <label htmlFor={id('import-url')} className="form-label">
        Import a build from a URL<span className="visually-hidden"> into the {section.label}</span>
      </label>
      <div className={styles.importRow}>
        <input
          ref={field}
          id={id('import-url')}
          name="url"
          type="text"
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
          required
          className={refused ? 'form-control is-invalid' : 'form-control'}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `${id('import-error')} ${id('import-hint')}` : id('import-hint')}
        />
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
      <p id={id('import-hint')} className={styles.hint}>
        The build&apos;s remoteEntry.js (its release-files.json beside it), an https:// URL or a path on this site. The
        site fetches it, checks it as an upload and keeps it as a release: nothing goes live until you promote it.
      </p>
      {refused && (
        <div id={id('import-error')} className={`${styles.fieldProblem} ${styles.problem}`}>
          <p className="mb-0">{refused.message}</p>
          {refused.problems.length > 0 && <ProblemList problems={refused.problems} />}
        </div>
      )}
      {imported && (
        <p id={importOutcomeId(section.name)} role="status" className={styles.outcome}>
          {imported.created ? `Imported as release ${imported.id}.` : `That build is release ${imported.id} already.`}{' '}
          It is marked in the list below; nothing goes live until you promote it.
        </p>
      )}
    </form>
  );
}
