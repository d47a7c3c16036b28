import { serverPublicPathMarker } from '@portfolio/parts';
import { isSectionBuild, type SectionBuild, type SectionState } from '@portfolio/contracts/page-render';

/**
 * A section's URLs as this page's visitor sees them. remotes.json may name a section on the site's own
 * origin (`/mf/home/...`): the browser resolves that against the page, so the server does the same.
 */
export function sectionUrls(sections: readonly SectionState[], origin: string) {
  const absolute = (url: string) => new URL(url, origin).href;
  // the browser build's public path: where its entry is (webpack's `publicPath: 'auto'`)
  const publicPaths = sections
    .filter(isSectionBuild)
    .map((build) => [serverPublicPathMarker(build.name), new URL('.', absolute(build.browserEntry)).href] as const);
  const withPublicPaths = (text: string) =>
    publicPaths.reduce((result, [marker, publicPath]) => result.replaceAll(marker, publicPath), text);
  return {
    /** the entry of each section this page's browser loads: the build the page was rendered with */
    entries: Object.fromEntries(
      sections.map((section) => [section.name, absolute(isSectionBuild(section) ? section.browserEntry : section.url)]),
    ),
    entryOf: (build: SectionBuild) => absolute(build.browserEntry),
    stylesheetsOf: (build: SectionBuild) => build.styles.map(absolute),
    /** a URL from a section's code: its build's pictures resolve to the browser build's, the rest to the site */
    absolute: (url: string, siteUrl: string) => new URL(withPublicPaths(url), siteUrl).href,
    withPublicPaths,
  };
}
