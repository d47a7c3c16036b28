/**
 * A page's query: only the parameters its routes read (RouteHandle.searchParams), in their order. The shell's render
 * module renders a page with it and names it in the canonical link; the API keeps the page under it. Everything
 * else a link carries (utm_*, fbclid, gclid, ref, a parameter someone added) is the same page: it makes no new
 * render, no new kept page, and never reaches a canonical link.
 */

/** More names than a route could mean: what a render module says beyond this is not believed. */
export const searchParamsMax = 20;

/** Whether `value` is a list of parameter names as a route's handle gives them. */
export const isSearchParamList = (value: unknown): value is readonly string[] =>
  Array.isArray(value) &&
  value.length <= searchParamsMax &&
  value.every((name) => typeof name === 'string' && name.length > 0 && name.length <= 100);

/**
 * `search` (a URL's query, with or without its `?`) with only the parameters named in `read`, in `read`'s order (a
 * name's values in theirs), empty values left out (a filter without a value filters nothing): `?tag=React`, or ''
 * when none is left.
 */
export function pageQuery(search: string, read: readonly string[]): string {
  if (read.length === 0 || search === '' || search === '?') return '';
  const asked = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of new Set(read)) for (const value of asked.getAll(name)) if (value !== '') kept.append(name, value);
  const query = kept.toString();
  return query ? `?${query}` : '';
}
