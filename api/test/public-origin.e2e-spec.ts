import { defaultRemotesConfig } from '@portfolio/parts';
import { fakeSite } from './fake-site.js';
import { absoluteUrls, rawGet, strangersHeaders } from './steered-request.js';
import { startApp, type RunningApp } from './start-app.js';

// The public origin comes from SITE_URL, else http://localhost:<the port the server listens on>: never from a
// client's Host, X-Forwarded-Host or X-Forwarded-Proto (a CDN keeps pages for everyone). Loopback is a trusted
// proxy by default (TRUST_PROXY), so the forwarded headers here are ones the server would believe for addresses.

const main = (html: string) => /<main data-url="([^"]*)" data-site="([^"]*)"/.exec(html)?.slice(1) ?? [];
/** Pages no one asked for before (not in the sitemap, so not rendered ahead): the stranger is the first to ask. */
const pages = ['/about/steered', '/projects?sort=new', '/nowhere', '/sitemap.xml', '/robots.txt'];

describe('the public origin', () => {
  const siteDir = fakeSite(defaultRemotesConfig(), true);

  describe('with SITE_URL', () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp({ SERVE_SITE: 'true', SITE_DIR: siteDir, SITE_URL: 'https://owner.example' });
    });
    afterAll(() => app.close());

    it('is SITE_URL in every page, the sitemap and robots.txt, whatever Host and X-Forwarded-* say', async () => {
      for (const pagePath of pages) {
        // the stranger first: a page they made the server render is the page kept for everyone
        const steered = await rawGet(app.baseUrl, pagePath, strangersHeaders);
        const plain = await rawGet(app.baseUrl, pagePath);
        expect(steered.body).not.toContain('evil.example');
        expect(absoluteUrls(steered.body)).toEqual(absoluteUrls(plain.body));
        for (const url of absoluteUrls(steered.body).filter((found) => !found.startsWith('http://www.sitemaps.org/')))
          expect(new URL(url).origin).toBe('https://owner.example');
      }
      expect(main((await rawGet(app.baseUrl, '/about', strangersHeaders)).body)).toEqual([
        'https://owner.example/about',
        'https://owner.example',
      ]);
      const robots = (await rawGet(app.baseUrl, '/robots.txt', strangersHeaders)).body;
      expect(robots).toContain('Sitemap: https://owner.example/sitemap.xml');
    });

    it('keeps a path that starts with // on the public origin', async () => {
      const steered = await rawGet(app.baseUrl, '//evil.example/about', strangersHeaders);
      expect(main(steered.body)[0]).toBe('https://owner.example//evil.example/about');
    });

    it('leaves the CSP and /remotes.json as they are for any host', async () => {
      const steered = await rawGet(app.baseUrl, '/remotes.json', strangersHeaders);
      const plain = await rawGet(app.baseUrl, '/remotes.json');
      expect(steered.body).toBe(plain.body);
      expect(steered.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      expect(String(steered.headers['content-security-policy'])).not.toContain('evil.example');
    });
  });

  it('is http://localhost:<its own port> without SITE_URL, whatever the request says', async () => {
    const app = await startApp({ SERVE_SITE: 'true', SITE_DIR: siteDir });
    try {
      const port = new URL(app.baseUrl).port;
      const steered = await rawGet(app.baseUrl, '/about', strangersHeaders);
      expect(main(steered.body)).toEqual([`http://localhost:${port}/about`, `http://localhost:${port}`]);
      expect((await rawGet(app.baseUrl, '/robots.txt', strangersHeaders)).body).toContain(
        `Sitemap: http://localhost:${port}/sitemap.xml`,
      );
    } finally {
      await app.close();
    }
  }, 90_000);
});
