import { releaseIdOf } from './section-releases.js';
import { isSectionBuild, type SectionState } from './page-render.js';
import type { RemoteName } from './remote-routes.js';

/**
 * Each section's build id: its release's id when its URL names one (field measurements are per release, and
 * experiments read them), else its server manifest's version; a section without a build, by its URL's release.
 */
export function buildIdsOf(sections: readonly SectionState[]): Partial<Record<RemoteName, string>> {
  return Object.fromEntries(
    sections.flatMap((section): Array<[string, string]> => {
      if (isSectionBuild(section)) return [[section.name, releaseIdOf(section.browserEntry) ?? section.version]];
      const id = releaseIdOf(section.url);
      return id ? [[section.name, id]] : [];
    }),
  );
}
