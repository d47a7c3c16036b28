const relativeBase = 'http://relative.invalid';

/**
 * `ref` resolved against `base`, staying root-relative when `base` is (`/mf/home/remoteEntry.js`): such
 * URLs are on the site's own origin, which only the browser (or a request) knows.
 */
export function resolveSectionUrl(ref: string, base: string): string {
  const resolved = new URL(ref, new URL(base, relativeBase));
  return resolved.origin === relativeBase ? `${resolved.pathname}${resolved.search}` : resolved.href;
}
