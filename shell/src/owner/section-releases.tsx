import { useEffect, useState } from 'react';
import { useFetcher } from '@portfolio/router';
import type { Experiment } from '@portfolio/contracts/experiments';
import { releaseCommand, type SectionRelease } from '@portfolio/contracts/section-releases';
import type { SectionOverview } from '@portfolio/contracts/owner';
import { remoteByName } from '@portfolio/parts';
import { jsonSubmit, type ActionResult } from './owner-calls';
import type { Loaded } from './sections-page-data';
import { ReleaseFacts } from './release-facts';
import { ProblemList } from './section-health';
import styles from './owner.module.css';
import { ActionOutcome } from './action-outcome';
import { PreviewLinkFacts } from './preview-link';
import { DeleteReleaseModal } from './delete-release-modal';
import { importFetcherKey, importOutcomeId, ImportReleaseForm } from './import-release-form';

/** An earlier release than the live one (or one that was live before) is gone back to; a newer one promoted. */
function actionName(release: SectionRelease, live: SectionRelease | undefined): string {
  const earlier = release.livePeriods.length > 0 || (live !== undefined && release.uploadedAt < live.uploadedAt);
  return earlier ? 'Roll back to this release' : 'Promote';
}

/** The live release and the one an import just answered are marked. */
const itemClass = (release: SectionRelease, importedId: string | undefined): string | undefined =>
  [release.live && styles.liveRelease, release.id === importedId && styles.importedRelease].filter(Boolean).join(' ') ||
  undefined;

/** Whether a running experiment shows the release (as its candidate, or as the live side it started from). */
const inExperiment = (release: SectionRelease, experiment: Experiment | undefined): boolean =>
  experiment?.endedAt === null &&
  (experiment.candidateReleaseId === release.id || experiment.liveUrl === release.entryUrl);

/** Where focus goes once an import has answered: the release it made or found, in the list. */
const releaseItemId = (name: string, id: string) => `section-${name}-release-${id}`;

/**
 * A section's releases, newest first, each with its facts and checks, and Promote or Roll back and Preview (a link to
 * the preview origin) on the others; Delete (once confirmed) on those neither live nor in the running experiment.
 * Above them, Import a build from a URL: the release it answers is marked and focused.
 */
export function SectionReleases({
  section,
  releases,
  experiment,
}: {
  section: SectionOverview;
  releases: Loaded<SectionRelease[]> | undefined;
  experiment?: Experiment;
}) {
  const [deleting, setDeleting] = useState<SectionRelease | null>(null);
  const fetcher = useFetcher<ActionResult<'promote-release' | 'preview'>>({ key: `releases-${section.name}` });
  const importer = useFetcher<ActionResult<'import'>>({ key: importFetcherKey(section.name) });
  const imported = importer.state === 'idle' && importer.data?.ok ? importer.data.imported : undefined;
  // the answer comes once the lists are loaded again: the release is in this one, where the owner is taken
  useEffect(() => {
    if (imported) document.getElementById(releaseItemId(section.name, imported.id))?.focus();
  }, [imported, section.name]);
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const titleId = `section-${section.name}-releases`;

  const promote = (release: SectionRelease) => {
    if (!busy) void fetcher.submit({ intent: 'promote-release', name: section.name, id: release.id }, jsonSubmit);
  };
  // a link to the preview origin, as the release's upload answered one
  const preview = (release: SectionRelease) => {
    if (!busy) void fetcher.submit({ intent: 'preview', name: section.name, id: release.id }, jsonSubmit);
  };
  const asked = busy ? (fetcher.json as { id?: string; intent?: string } | undefined) : undefined;
  const promoting = asked?.intent === 'promote-release' ? asked.id : undefined;

  let content;
  if (!releases?.ok) {
    content = (
      <p role="alert" className={styles.problem}>
        The releases could not be loaded: {releases?.message ?? 'no answer'}.
      </p>
    );
  } else if (releases.value.length === 0) {
    content = (
      <p className={styles.hint}>
        No release yet. Import a build above, or a developer with a deploy token ships one with{' '}
        <code>{releaseCommand(remoteByName(section.name).folder)}</code>.
      </p>
    );
  } else {
    const live = releases.value.find((release) => release.live);
    content = (
      <ol className={styles.releases}>
        {releases.value.map((release) => (
          <li
            key={release.id}
            id={releaseItemId(section.name, release.id)}
            className={itemClass(release, imported?.id)}
            {...(release.id === imported?.id && { tabIndex: -1, 'aria-describedby': importOutcomeId(section.name) })}
          >
            <ReleaseFacts release={release} />
            {!release.live && (
              <div className={styles.actions}>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  aria-disabled={busy || undefined}
                  onClick={() => promote(release)}
                >
                  {promoting === release.id ? 'Checking…' : actionName(release, live)}
                  <span className="visually-hidden"> (release {release.id})</span>
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  aria-disabled={busy || undefined}
                  onClick={() => preview(release)}
                >
                  Preview<span className="visually-hidden"> (release {release.id})</span>
                </button>
                {!inExperiment(release, experiment) && (
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm"
                    onClick={() => setDeleting(release)}
                  >
                    Delete<span className="visually-hidden"> release {release.id}</span>
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section aria-labelledby={titleId} className="mt-4">
      {/* focusable by script only: where focus goes once a deleted release's button is gone */}
      <h3 id={titleId} className="h6" tabIndex={-1}>
        Releases
      </h3>
      <ImportReleaseForm section={section} />
      {content}
      {result && (
        <ActionOutcome result={result}>
          <p className="mb-0">
            {!result.ok
              ? result.message
              : result.preview
                ? 'Preview link made: visitors still get the release marked Live.'
                : 'Done: every visitor now gets the release marked Live.'}
          </p>
          {result.ok && result.preview && <PreviewLinkFacts link={result.preview} label={section.label} />}
          {!result.ok && result.problems.length > 0 && <ProblemList problems={result.problems} />}
        </ActionOutcome>
      )}
      <DeleteReleaseModal section={section.name} release={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
