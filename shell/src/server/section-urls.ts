import { serverPublicPathMarker } from '@portfolio/parts';
import { isSectionBuild, type SectionBuild, type SectionState } from '@portfolio/contracts/page-render';
import { resolveSectionUrl } from '@portfolio/contracts/section-url';

/**
 * A section's URLs as this page names them. Nothing here depends on the host a request came in on: a
 * page kept by a cache is right for every visitor, and no client header can steer where its scripts load from.
 */
export function sectionUrls(sections: readonly SectionState[]) {
  // the browser build's public path: where its entry is (webpack's `publicPath: 'auto'`)
  const publicPaths = sections
    .filter(isSectionBuild)
    .map(
      (build) =>
        [serverPublicPathMarker(build.name), resolveSectionUrl('.', resolveSectionUrl(build.browserEntry))] as const,
    );
  const withPublicPaths = (text: string) =>
    publicPaths.reduce((result, [marker, publicPath]) => result.replaceAll(marker, publicPath), text);
  return {
    /** the entry of each section this page's browser loads: the build the page was rendered with */
    entries: Object.fromEntries(
      sections.map((section) => [
        section.name,
        resolveSectionUrl(isSectionBuild(section) ? section.browserEntry : section.url),
      ]),
    ),
    entryOf: (build: SectionBuild) => resolveSectionUrl(build.browserEntry),
    stylesheetsOf: (build: SectionBuild) => build.styles.map((style) => resolveSectionUrl(style)),
    /** a URL from a section's code, made absolute on the public origin (Open Graph): its build's pictures resolve to the browser build's */
    absolute: (url: string, siteUrl: string) => new URL(withPublicPaths(url), siteUrl).href,
    withPublicPaths,
  };
}
