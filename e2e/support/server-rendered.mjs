// What the browser tests and the measuring scripts (scripts/serve-build.mjs, scripts/benchmarks) agree on about a
// running site's pages: plain JavaScript, so the scripts import it as they are.

/**
 * A page the server rendered (its body filled in; a section's 503 too), not the shell's template that the browser
 * renders alone (sent only when not even the shell's renderer answers): that one keeps its body marker.
 * @param {string} html
 */
export const serverRendered = (html) => !html.includes('<!--page-body-->');

/**
 * The paths of the site's sitemap, on `origin`.
 * @param {string} origin
 * @returns {Promise<string[]>}
 */
export async function sitemapPaths(origin) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
}
