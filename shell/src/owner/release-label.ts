import type { SectionRelease } from '@portfolio/contracts/section-releases';

/** A release as a picker offers it: its id, the uploader's note, its build. */
export const releaseLabel = (release: SectionRelease) =>
  `${release.id}${release.note ? ` (${release.note})` : ''}${release.version ? `, build ${release.version}` : ''}`;
