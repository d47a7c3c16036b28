import { siteServer } from './site-server';

/**
 * A page the server rendered (its body filled in; a section's 503 too), not the shell's template that the browser
 * renders alone while the section's renderer starts: that one keeps its body marker, beside the visitor's data.
 */
export const serverRendered = (html: string) => !html.includes('<!--page-body-->');

/**
 * Starts the renderer of every page of the sitemap (and the shell's, for 404s) before the tests: a section's
 * first request after the site starts is answered at once with the page for the browser to render (never kept),
 * and the tests read the server's HTML. Each page is asked for until the server renders it, and then kept.
 */
export async function startRenderers(): Promise<void> {
  const sitemap = await (await fetch(`${siteServer.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
  const until = Date.now() + 60_000;
  for (const pagePath of [...paths, '/no-such-page']) {
    while (Date.now() < until) {
      const html = await (await fetch(`${siteServer.url}${pagePath}`)).text();
      if (serverRendered(html)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
