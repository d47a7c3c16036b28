/**
 * Pages that show something picked at random on load (home's doors, docs/product-rules.md) are
 * rendered on the server in variants, so that the browser hydrates the very page it was sent: the
 * server asks a route's loader for a variant (any whole number; the loader takes it modulo its
 * count) and the loader answers how many variants the page has. The server keeps each variant and
 * sends every visitor one at random; in the browser, a loader asked for none picks at random.
 */

/** Request header: the variant the loader renders. */
export const pageVariantHeader = 'X-Page-Variant';

/** Loader response header: how many variants the page has (absent: 1, the same for every visitor). */
export const pageVariantsHeader = 'X-Page-Variants';

/** The variant a loader renders: the one asked for, else one at random (the browser's own navigations). */
export function pageVariant(request: Request, variants: number, random: () => number = Math.random): number {
  const asked = Number.parseInt(request.headers.get(pageVariantHeader) ?? '', 10);
  const variant = Number.isSafeInteger(asked) && asked >= 0 ? asked : Math.floor(random() * variants);
  return variant % variants;
}
