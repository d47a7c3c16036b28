import type { SectionChange, SectionsOverview } from '@portfolio/contracts/owner';
import { guardrailsInShort, servedInShort } from './guard-figures';
import { OwnerTime } from './owner-time';
import styles from './owner.module.css';

/** A note that is a share ("20 %") goes with the action; any other says why, beside who. */
const isShare = (note: string | null | undefined): boolean => note != null && /^\d+ %$/.test(note);

/** What happened, in words: the action and the URLs or release it concerned. */
function WhatHappened({ change }: { change: SectionChange }) {
  const url = (value: string) => <span className={styles.url}>{value}</span>;
  if (change.action.startsWith('experiment') || change.action.startsWith('rollout'))
    return (
      <>
        {change.action}
        {isShare(change.note) ? ` (${change.note})` : ''}: candidate {url(change.to)}
      </>
    );
  if (change.action === 'first release')
    return <>first release, from its build on the site&apos;s first start: {url(change.to)}</>;
  if (change.action === 'release uploaded') return <>release uploaded: {url(change.to)}</>;
  if (change.action === 'release imported') return <>release imported: {url(change.to)}</>;
  if (change.action === 'preview link made') return <>preview link made: {url(change.to)}</>;
  return (
    <>
      {change.action === 'promote' ? 'promoted' : 'rolled back'} from {url(change.from)} to {url(change.to)}
    </>
  );
}

/**
 * Every change of a section, newest first: when, which section, what (from which URL to which), who and why, and
 * for the guard's decisions its figures at that moment, one short line each (they wrap on a phone).
 */
export function SectionHistory({ overview }: { overview: SectionsOverview }) {
  const labelOf = new Map(overview.sections.map((section) => [section.name, section.label]));
  return (
    <section aria-labelledby="history-title" className="mt-4">
      <h2 id="history-title" className="h4">
        History
      </h2>
      {overview.history.length === 0 ? (
        <p>No section has been promoted or rolled back yet.</p>
      ) : (
        <ol className={styles.history}>
          {overview.history.map((change) => (
            <li key={`${change.at} ${change.section} ${change.action} ${change.to}`}>
              <OwnerTime at={change.at} />: {labelOf.get(change.section) ?? change.section}{' '}
              <WhatHappened change={change} />
              <span className={styles.historyMeta}>
                by {change.by}
                {change.note && !isShare(change.note) ? `: ${change.note}` : ''}
              </span>
              {change.figures && (
                <ul className={styles.figures} aria-label="The guard's figures">
                  <li>{servedInShort(change.figures)}</li>
                  {guardrailsInShort(change.figures).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                  {change.figures.mismatch && <li>Sample ratio mismatch: {change.figures.mismatch}</li>}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
