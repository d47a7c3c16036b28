/**
 * Pages that show something picked at random on load (home's doors, docs/product-rules.md) are
 * rendered on the server once per pick, so that the browser hydrates the very page it was sent: the
 * server asks a route's loader for a pick (any whole number; the loader takes it modulo its count)
 * and the loader answers how many picks the page has. The server keeps each pick and sends every
 * visitor one at random; in the browser, a loader asked for none picks at random.
 *
 * A page's picks are not an experiment's variants (live and the candidate, ../experiments.ts). The two
 * headers keep the names they had when picks were called variants (decisions 0015 and 0027): they are
 * what home's releases built since then read and send.
 */

/** Request header: the pick the loader renders. */
export const pagePickHeader = 'X-Page-Variant';

/** Loader response header: how many picks the page has (absent: 1, the same for every visitor). */
export const pagePicksHeader = 'X-Page-Variants';

/** The pick a loader renders: the one asked for, else one at random (the browser's own navigations). */
export function pagePick(request: Request, picks: number, random: () => number = Math.random): number {
  const asked = Number.parseInt(request.headers.get(pagePickHeader) ?? '', 10);
  const pick = Number.isSafeInteger(asked) && asked >= 0 ? asked : Math.floor(random() * picks);
  return pick % picks;
}
