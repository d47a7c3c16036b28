import { serverPublicPathMarker } from '@portfolio/parts';
import { isSectionBuild, type SectionBuild, type SectionState } from '@portfolio/contracts/page-render';

const relativeBase = 'http://relative.invalid';

/**
 * `url` resolved against `base` as a page names it: absolute URLs stay absolute, paths on the site's own
 * origin stay root-relative (`/mf/home/...`), for the browser to resolve against whichever host it used.
 */
function pageUrl(url: string, base = '/'): string {
  const resolved = new URL(url, new URL(base, relativeBase));
  return resolved.origin === relativeBase ? `${resolved.pathname}${resolved.search}${resolved.hash}` : resolved.href;
}

/**
 * A section's URLs as this page names them. Nothing here depends on the host a request came in on: a
 * page kept by a cache is right for every visitor, and no client header can steer where its scripts load from.
 */
export function sectionUrls(sections: readonly SectionState[]) {
  // the browser build's public path: where its entry is (webpack's `publicPath: 'auto'`)
  const publicPaths = sections
    .filter(isSectionBuild)
    .map((build) => [serverPublicPathMarker(build.name), pageUrl('.', pageUrl(build.browserEntry))] as const);
  const withPublicPaths = (text: string) =>
    publicPaths.reduce((result, [marker, publicPath]) => result.replaceAll(marker, publicPath), text);
  return {
    /** the entry of each section this page's browser loads: the build the page was rendered with */
    entries: Object.fromEntries(
      sections.map((section) => [section.name, pageUrl(isSectionBuild(section) ? section.browserEntry : section.url)]),
    ),
    entryOf: (build: SectionBuild) => pageUrl(build.browserEntry),
    stylesheetsOf: (build: SectionBuild) => build.styles.map((style) => pageUrl(style)),
    /** a URL from a section's code, made absolute on the public origin (Open Graph): its build's pictures resolve to the browser build's */
    absolute: (url: string, siteUrl: string) => new URL(withPublicPaths(url), siteUrl).href,
    withPublicPaths,
  };
}
