import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultRemotesConfig } from '@portfolio/parts';
import type { DeployToken, ReleaseUploaded, SectionRelease } from '@portfolio/contracts/section-releases';
import { fakeSite } from './fake-site.js';
import { call, candidateBuild, json, openPreview, page, startOwnerSite, type OwnerSite } from './owner-site.js';
import { newToken, upload } from './release-client.js';
import { folderEntries, tarGz } from './tar-archive.js';

// Code the owner has not accepted never runs on the site's origin with the owner's powers (issue 25, item 3): what
// a release's files are served as, and the preview origin, a second listener of the same server, that serves
// previews and nothing of the owner's. The browser's side of it: e2e/tests/hostile-release.spec.ts.

/** What a section's build could carry besides its code: files a token's holder would open as pages. */
const hostileFiles: Record<string, string> = {
  'evil.html': '<!doctype html><script>fetch("/api/owner/deploy-tokens")</script>',
  'evil.htm': '<script>alert(1)</script>',
  'evil.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
  'evil.xml': '<?xml version="1.0"?><x/>',
  'evil.pdf': '%PDF-1.4',
  'evil.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/owner/messages")</script></svg>',
  // HTML under a script's name: sent as a script, never sniffed into a page
  'page.js': '<!doctype html><script>alert(1)</script>',
  noextension: '<script>alert(1)</script>',
};

/** Every call of the owner's API (packages/contracts/src/owner.ts, section-releases.ts, experiments.ts, field-events.ts). */
const ownerCalls: Array<[string, string, unknown?]> = [
  ['GET', '/api/owner/status'],
  ['POST', '/api/owner/login', { password: 'x' }],
  ['POST', '/api/owner/logout'],
  ['GET', '/api/owner/messages?page=1'],
  ['PATCH', '/api/owner/messages/1', { read: true }],
  ['POST', '/api/owner/messages/1/send-now'],
  ['DELETE', '/api/owner/messages/1'],
  ['GET', '/api/owner/sections'],
  ['POST', '/api/owner/sections/about/roll-back'],
  ['GET', '/api/owner/sections/about/releases'],
  ['POST', '/api/owner/sections/about/releases/import', { url: '/x.js' }],
  ['POST', '/api/owner/sections/about/releases/0123456789abcdef/preview'],
  ['POST', '/api/owner/sections/about/releases/0123456789abcdef/promote', {}],
  ['DELETE', '/api/owner/sections/about/releases/0123456789abcdef'],
  ['GET', '/api/owner/deploy-tokens'],
  ['POST', '/api/owner/deploy-tokens', { section: 'about', name: 'stolen', mayPromote: true }],
  ['DELETE', '/api/owner/deploy-tokens/1'],
  ['GET', '/api/owner/experiments'],
  ['POST', '/api/owner/sections/about/experiment', {}],
  ['POST', '/api/owner/experiments/1/end'],
  ['GET', '/api/owner/experiments/1/results'],
  ['GET', '/api/owner/field-health'],
];

describe('the preview origin', () => {
  const siteDir = fakeSite(defaultRemotesConfig(), true);
  for (const [name, text] of Object.entries(hostileFiles))
    writeFileSync(path.join(siteDir, 'mf-about/dist', name), text);
  let site: OwnerSite;
  let session: string;
  let previewOrigin: { baseUrl: string };
  /** the release of about the first start made (with the files above), and one a token uploaded */
  let first: SectionRelease;
  let uploaded: ReleaseUploaded;
  beforeAll(async () => {
    site = await startOwnerSite(siteDir);
    previewOrigin = { baseUrl: site.previewBaseUrl };
    session = await site.logIn();
    const releases = await json<SectionRelease[]>(
      await call(site, 'GET', '/api/owner/sections/about/releases', { session }),
    );
    first = releases[0]!;
    const token = (await newToken(site, session, 'about')).secret;
    // a plain build: what an upload accepts is release-archives.e2e-spec.ts's
    const build = candidateBuild(siteDir, 'about', '2');
    for (const name of Object.keys(hostileFiles)) rmSync(path.join(build, name));
    uploaded = await json<ReleaseUploaded>(await upload(site, 'about', tarGz(folderEntries(build)), token));
  });
  afterAll(() => site.close());

  const tokens = async () => json<DeployToken[]>(await call(site, 'GET', '/api/owner/deploy-tokens', { session }));

  it("serves a release's files as what a build holds, never as a page, on either origin", async () => {
    for (const origin of [site, previewOrigin]) {
      const base = `${origin.baseUrl}/sections/about/${first.id}`;
      for (const [file, type] of [
        ['remoteEntry.js', 'text/javascript; charset=utf-8'],
        ['mf-manifest.json', 'application/json; charset=utf-8'],
        ['page.js', 'text/javascript; charset=utf-8'],
        ['evil.svg', 'image/svg+xml'],
      ]) {
        const response = await fetch(`${base}/${file}`);
        expect([file, response.status, response.headers.get('content-type')]).toEqual([file, 200, type]);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        // opened on its own (an SVG can hold scripts), it runs nothing and has no origin
        expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
      }
      for (const file of ['evil.html', 'evil.htm', 'evil.xhtml', 'evil.xml', 'evil.pdf', 'noextension', 'EVIL.HTML']) {
        const response = await fetch(`${base}/${file}`);
        expect([file, response.status]).toEqual([file, 404]);
        expect(response.headers.get('content-type')).toContain('application/json');
        expect(await response.text()).not.toContain('<script>');
      }
    }
  });

  it("answers none of the owner's calls or pages, with the owner's session and the preview origin's own Origin", async () => {
    const before = await tokens();
    for (const [method, urlPath, body] of ownerCalls) {
      const response = await call(previewOrigin, method, urlPath, { session, body, origin: site.previewBaseUrl });
      expect([method, urlPath, response.status]).toEqual([method, urlPath, 404]);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    for (const ownerPage of ['/owner', '/owner/sections', '/owner/inbox'])
      expect([ownerPage, (await call(previewOrigin, 'GET', ownerPage, { session })).status]).toEqual([ownerPage, 404]);
    // nor the rest of the API, but what a previewed page asks as it loads; its field measurements are dropped
    for (const [method, urlPath] of [
      ['POST', '/api/contact'],
      ['POST', '/api/verify'],
      ['POST', '/api/download'],
      ['GET', '/api/ready'],
      ['POST', '/api/sections/about/releases'],
      ['GET', '/sitemap.xml'],
    ] as const)
      expect([urlPath, (await call(previewOrigin, method, urlPath, { session })).status]).toEqual([urlPath, 404]);
    expect((await call(previewOrigin, 'GET', '/api/config')).status).toBe(200);
    expect((await call(previewOrigin, 'POST', '/api/rum', { rawBody: '{}' })).status).toBe(204);
    const robots = await call(previewOrigin, 'GET', '/robots.txt');
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    expect(robots.headers.get('x-robots-tag')).toBe('noindex');
    expect(await tokens()).toEqual(before);
  });

  it("refuses, on the site's origin, every change the preview origin's pages ask for with the owner's session", async () => {
    const before = await tokens();
    for (const [method, urlPath, body] of ownerCalls.filter(([method]) => method !== 'GET')) {
      const response = await call(site, method, urlPath, { session, body, origin: site.previewBaseUrl });
      expect([method, urlPath, response.status]).toEqual([method, urlPath, 403]);
    }
    // the link's address of the preview origin (localhost), as a browser there sends it
    const asLinked = new URL(uploaded.previewUrl).origin;
    const response = await call(site, 'POST', '/api/owner/deploy-tokens', {
      session,
      body: { section: 'about', name: 'stolen', mayPromote: true },
      origin: asLinked,
    });
    expect(response.status).toBe(403);
    expect(await tokens()).toEqual(before);
    // reads answer the owner's own pages, but no other origin may read them: no CORS, and no preflight passes
    for (const [, urlPath] of ownerCalls.filter(([method]) => method === 'GET')) {
      const read = await fetch(`${site.baseUrl}${urlPath}`, {
        headers: { Origin: asLinked, Cookie: `owner_session=${session}` },
      });
      expect([urlPath, read.headers.get('access-control-allow-origin')]).toEqual([urlPath, null]);
      expect(read.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    const preflight = await fetch(`${site.baseUrl}/api/owner/deploy-tokens`, {
      method: 'OPTIONS',
      headers: {
        Origin: asLinked,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("sends a preview link opened on the site's origin to the preview origin, and previews nothing there", async () => {
    const link = new URL(uploaded.previewUrl);
    expect(link.origin).toBe(`http://localhost:${new URL(site.previewBaseUrl).port}`);
    const onSite = await fetch(`${site.baseUrl}${link.pathname}`, { redirect: 'manual' });
    expect(onSite.status).toBe(303);
    expect(onSite.headers.get('location')).toBe(uploaded.previewUrl);
    expect(onSite.headers.getSetCookie()).toEqual([]);

    const { cookie } = await openPreview(site, uploaded.previewUrl);
    expect((await page(site, '/about', cookie)).builds).toContain('about=about-2');
    // the cookie reaches the site's origin too (cookies are not kept apart by port): it is not honoured there
    const onSiteWithCookie = await page({ baseUrl: site.baseUrl }, '/about', cookie);
    expect(onSiteWithCookie.builds).toContain('about=about-1');
    expect(onSiteWithCookie.html).not.toContain('preview-banner');
    expect(await (await call(site, 'GET', '/remotes.json', { preview: cookie })).json()).not.toMatchObject({
      about: uploaded.release.entryUrl,
    });
  });
});
