import type { SectionsOverview } from '@portfolio/contracts/owner';
import { OwnerTime } from './owner-time';
import styles from './owner.module.css';

/**
 * Every change of a section, newest first: when, which section, from which URL to which (an upload, a preview link,
 * an experiment's or a rollout's change: what it names, and why).
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
            <li key={`${change.at} ${change.section} ${change.to}`}>
              <OwnerTime at={change.at} />: {labelOf.get(change.section) ?? change.section}{' '}
              {change.action !== 'promote' && change.action !== 'roll back' && change.action !== 'first release' ? (
                <>
                  {change.action}
                  {change.note ? ` (${change.note})` : ''}: <span className={styles.url}>{change.to}</span>
                </>
              ) : change.action === 'first release' ? (
                <>
                  first release, from its build on the site's first start:{' '}
                  <span className={styles.url}>{change.to}</span>
                </>
              ) : (
                <>
                  {change.action === 'promote' ? 'promoted' : 'rolled back'} from{' '}
                  <span className={styles.url}>{change.from}</span> to <span className={styles.url}>{change.to}</span>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
