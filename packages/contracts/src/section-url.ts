/** Stands for "the site's own origin" while resolving: which host that is, only the browser (or a request) knows. */
const siteOrigin = 'http://relative.invalid';

/**
 * `ref` resolved against `base` as a page or a server names a section's files: an absolute URL stays absolute, and
 * one on the site's own origin stays root-relative (`/mf/home/remoteEntry.js`), so the browser resolves it against
 * whichever host it used and a kept page is right for every visitor. `base` defaults to the site's root, so
 * `resolveSectionUrl('/x/../y')` is `/y` and `resolveSectionUrl('//host/x')` is `http://host/x` (it left the site).
 * The one resolution of section URLs: the API's server manifests and owner's URLs, the shell's pages.
 */
export function resolveSectionUrl(ref: string, base = '/'): string {
  const resolved = new URL(ref, new URL(base, siteOrigin));
  return resolved.origin === siteOrigin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : resolved.href;
}
