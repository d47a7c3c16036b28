// What the browser tests and the measuring scripts (scripts/serve-build.mjs, scripts/benchmarks/memory.mjs) agree
// on about a running site's pages: plain JavaScript, so the scripts import it as they are.

/**
 * A page the server rendered (its body filled in; a section's 503 too), not the shell's template that the browser
 * renders alone while the section's renderer starts: that one keeps its body marker, beside the visitor's data.
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

/**
 * Starts the renderer of every page of the sitemap (and of `extraPaths`): a section's first request after the
 * site starts is answered at once with the page for the browser to render (never kept), so each page is asked
 * for until the server renders it, and then kept (a minute at most for them all).
 * @param {string} origin
 * @param {readonly string[]} [extraPaths]
 */
export async function startRenderers(origin, extraPaths = []) {
  const until = Date.now() + 60_000;
  for (const pagePath of [...(await sitemapPaths(origin)), ...extraPaths]) {
    while (Date.now() < until && !serverRendered(await (await fetch(`${origin}${pagePath}`)).text()))
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
