import type { ErrorGroup } from '@portfolio/contracts/field-events';
import styles from './owner.module.css';

const times = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
/** "1 page view", "3 page views" (here and on the field health page) */
export const pageViews = (count: number) => times(count, 'page view', 'page views');

/**
 * A build's error groups (api/src/field/error-groups): each error's message, where in the section's source it was
 * thrown (file:line, function, read through the release's source maps), how often, from how many page views, since
 * which release, and whether it is new in this release. New ones first (the API's order).
 */
export function ErrorGroupList({ groups, empty }: { groups: readonly ErrorGroup[]; empty: string }) {
  if (groups.length === 0) return <p className="mb-0">{empty}</p>;
  return (
    <ul className={`list-unstyled mb-0 ${styles.errorGroups}`}>
      {groups.map((group) => (
        <li key={group.fingerprint} className={group.newInRelease ? styles.newErrorGroup : undefined}>
          <p className="mb-1">
            {group.newInRelease && <span className={`${styles.newError} me-2`}>New in this release</span>}
            <code>{group.message}</code>
          </p>
          {group.frames.length > 0 ? (
            <ol className={`mb-1 small ${styles.errorFrames}`}>
              {group.frames.map((frame, index) => (
                <li key={index}>
                  <code>
                    {frame.file}:{frame.line}
                  </code>
                  {frame.function && <> in {frame.function}</>}
                  {!frame.mapped && <span className="text-body-secondary"> (no source map)</span>}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mb-1 small text-body-secondary">No frame of the section&apos;s own code was reported.</p>
          )}
          <p className="mb-0 small text-body-secondary">
            {times(group.count, 'time', 'times')}, {pageViews(group.visitors)}; first seen in{' '}
            <code>{group.firstBuild}</code>
          </p>
        </li>
      ))}
    </ul>
  );
}
