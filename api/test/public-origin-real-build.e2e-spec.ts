import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { absoluteUrls, rawGet, strangersHeaders } from './steered-request.js';
import { startApp, type RunningApp } from './start-app.js';

// The real pages (`npm run build`): no client header changes a URL in any page, the sitemap or robots.txt,
// sections' scripts, styles and pictures included.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = existsSync(path.join(repoRoot, 'shell/dist/server/render.js'));
if (!built) console.warn('No production build (npm run build): skipping the public origin tests on real pages');

const siteUrl = 'https://owner.example';

(built ? describe : describe.skip)('the public origin in the real pages', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ SERVE_SITE: 'true', SITE_DIR: repoRoot, SITE_URL: siteUrl });
  }, 120_000);
  afterAll(() => app.close());

  it('takes no URL from Host, X-Forwarded-Host or X-Forwarded-Proto, in any page, the sitemap or robots.txt', async () => {
    const sitemap = (await rawGet(app.baseUrl, '/sitemap.xml', strangersHeaders)).body;
    const pagePaths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(pagePaths.length).toBeGreaterThan(3);
    // the sitemap's pages, rendered ahead, and pages no one asked for before: the stranger is the first to ask
    const unasked = pagePaths.map((pagePath) => `${pagePath.replace(/\/$/, '')}/steered`);
    for (const pagePath of [...pagePaths, ...unasked, '/no-such-page', '/sitemap.xml', '/robots.txt']) {
      const steered = await rawGet(app.baseUrl, pagePath, strangersHeaders);
      expect(steered.body).not.toContain('evil.example');
      const urls = absoluteUrls(steered.body);
      // the site's own URLs are on SITE_URL; sections on the site's own origin are named by path alone
      expect(urls.filter((url) => url.includes('/mf/') && !url.startsWith(siteUrl))).toEqual([]);
      expect(urls.filter((url) => url.includes(new URL(app.baseUrl).host))).toEqual([]);
      if (steered.status === 200 && !pagePath.endsWith('.xml') && !pagePath.endsWith('.txt'))
        expect(steered.body).toContain(`<link rel="canonical" href="${siteUrl}${pagePath}">`);
    }
    expect((await rawGet(app.baseUrl, '/robots.txt', strangersHeaders)).body).toContain(
      `Sitemap: ${siteUrl}/sitemap.xml`,
    );
  }, 120_000);
});
