import type { ComponentProps } from 'react';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import styles from './owner.module.css';

/** The releases a section may try on its visitors (an experiment, a rollout): passed their checks, not live. */
export const candidatesOf = (releases: readonly SectionRelease[]) =>
  releases.filter((release) => release.ok && !release.live);

/** A release as the picker offers it: its id, the uploader's note, its build. */
const releaseLabel = (release: SectionRelease) =>
  `${release.id}${release.note ? ` (${release.note})` : ''}${release.version ? `, build ${release.version}` : ''}`;

interface Props extends Omit<ComponentProps<'select'>, 'children' | 'disabled'> {
  id: string;
  label: string;
  /** candidatesOf the section's releases */
  candidates: readonly SectionRelease[];
}

/** A labelled picker of candidate releases (experiment-panel.tsx, rollout-panel.tsx); disabled while there is none. */
export function ReleasePicker({ label, candidates, className, ...select }: Props) {
  return (
    <>
      <label htmlFor={select.id} className="form-label">
        {label}
      </label>
      <select
        {...select}
        className={`form-control ${className ? `${className} ` : ''}${styles.select}`}
        disabled={candidates.length === 0}
      >
        {candidates.length === 0 && <option value="">No other release passed its checks</option>}
        {candidates.map((release) => (
          <option key={release.id} value={release.id}>
            {releaseLabel(release)}
          </option>
        ))}
      </select>
    </>
  );
}
