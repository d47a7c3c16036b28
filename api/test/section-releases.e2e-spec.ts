import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { defaultRemotesConfig } from '@portfolio/parts';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import type { ReleaseRefused, ReleaseUploaded, SectionRelease } from '@portfolio/contracts/section-releases';
import { fakeSite, writeSectionBuild } from './fake-site.js';
import { PreviewOrigin } from '../src/common/preview-origin.js';
import { call, candidateBuild, json, openPreview, page, startOwnerSite, type OwnerSite } from './owner-site.js';
import { newToken, upload, withToken } from './release-client.js';
import { folderEntries, tarGz } from './tar-archive.js';

// Releases on a stand-in site (fake-site.ts): upload with a deploy token, checks, serving, promote, roll back,
// preview links. The stand-in render module reads route ids from each server entry, as the real one loads ./routes.

const immutable = 'public, max-age=31536000, immutable';
const cookieSecret = 'a cookie secret for the preview links of this test';

/** A preview link as the site signs one (release-previews.ts), here to make one that has expired. */
function signedLink(section: string, id: string, expiresAt: number, secret = cookieSecret): string {
  const payload = Buffer.from(JSON.stringify({ s: section, i: id, e: expiresAt })).toString('base64url');
  const mac = createHmac('sha256', secret).update(`section-preview:${payload}`).digest('base64url');
  return `${payload}.${mac}`;
}

describe('section releases', () => {
  const siteDir = fakeSite(defaultRemotesConfig(), true);
  let site: OwnerSite;
  let session: string;
  let token: string;
  const about2 = tarGz(folderEntries(candidateBuild(siteDir, 'about', '2')));
  const about3 = tarGz(folderEntries(candidateBuild(siteDir, 'about', '3')));
  beforeAll(async () => {
    site = await startOwnerSite(siteDir, undefined, { COOKIE_SECRET: cookieSecret });
    session = await site.logIn();
    token = (await newToken(site, session, 'about')).secret;
  });
  afterAll(() => site.close());

  const releases = async () =>
    json<SectionRelease[]>(await call(site, 'GET', '/api/owner/sections/about/releases', { session }));

  it("takes each part's dist/ as its first release on the first start, live at once", async () => {
    const [first] = await releases();
    expect(first).toMatchObject({ version: 'about-1', note: 'first start', live: true, uploadedBy: { kind: 'site' } });
    expect(first?.livePeriods).toEqual([{ from: expect.any(String), until: null }]);
    expect(await (await call(site, 'GET', '/remotes.json')).json()).toMatchObject({ about: first?.entryUrl });
    // recorded as the first release, with no Roll back to the /mf/ path that is no longer served
    const overview = await json<SectionsOverview>(await call(site, 'GET', '/api/owner/sections', { session }));
    expect(overview.history.find((change) => change.section === 'about')).toMatchObject({
      action: 'first release',
      to: first?.entryUrl,
    });
    expect(overview.sections.find((section) => section.name === 'about')?.previousReleaseId).toBeNull();
    const about = await page(site, '/about');
    expect([about.status, about.builds]).toEqual([200, expect.stringContaining('about=about-1')]);
  });

  it('changes nothing visitors see when a part is built again while the site runs; /mf/ is not served', async () => {
    writeSectionBuild(path.join(siteDir, 'mf-about/dist'), 'about-rebuilt', ['about']);
    // well past SECTION_REFRESH_MS (20 ms here): a URL that could change would have been read again
    await new Promise((resolve) => setTimeout(resolve, 300));
    const about = await page(site, '/about');
    expect([about.status, about.builds]).toEqual([200, expect.stringContaining('about=about-1')]);
    expect((await fetch(`${site.baseUrl}/mf/about/remoteEntry.js`)).status).toBe(404);
    expect((await fetch(`${site.baseUrl}/mf/about/server/manifest.json`)).status).toBe(404);
  });

  it('uploads a release with a token: 201 with its checks and a preview link; the same content again is the same release', async () => {
    const response = await upload(site, 'about', about2, token, { 'X-Release-Note': 'new%20photo' });
    expect(response.status).toBe(201);
    const uploaded = await json<ReleaseUploaded>(response);
    expect(uploaded.release).toMatchObject({
      section: 'about',
      version: 'about-2',
      note: 'new photo',
      ok: true,
      live: false,
      uploadedBy: { kind: 'token', tokenName: 'about CI' },
    });
    expect(uploaded.release.id).toMatch(/^[0-9a-f]{16}$/);
    expect(uploaded.release.checks.map((check) => [check.name, check.outcome])).toEqual([
      ['archive', 'passed'],
      ['routes', 'passed'],
      ['shared', 'passed'],
      ['server-render', 'passed'],
    ]);
    // on the preview origin (PREVIEW_ORIGIN unset and no SITE_URL: localhost and the preview port)
    expect(uploaded.previewUrl).toMatch(
      new RegExp(`^http://localhost:${new URL(site.previewBaseUrl).port}/sections/preview/`),
    );
    // the release command's browser check, reported with the token: one route is "1 page"
    const checked = await withToken(
      site,
      'POST',
      `/api/sections/about/releases/${uploaded.release.id}/browser-check`,
      token,
      {
        ok: true,
        routes: [{ path: '/about', errors: [] }],
      },
    );
    expect(checked.status).toBe(200);
    expect((await json<SectionRelease>(checked)).checks.find((check) => check.name === 'browser')).toEqual({
      name: 'browser',
      outcome: 'passed',
      detail: '1 page hydrated in Chromium without an error.',
    });
    const again = await upload(site, 'about', about2, token);
    expect(again.status).toBe(200);
    expect((await json<ReleaseUploaded>(again)).release.id).toBe(uploaded.release.id);
    expect((await releases()).filter((release) => release.version === 'about-2')).toHaveLength(1);
  });

  it('serves a release immutable at /sections/<name>/<id>/, and 404 for an unknown one', async () => {
    const [latest] = await releases();
    const entry = await fetch(`${site.baseUrl}/sections/about/${latest?.id ?? ''}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe(immutable);
    const manifest = await fetch(`${site.baseUrl}/sections/about/${latest?.id ?? ''}/server/manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe(immutable);
    expect(((await manifest.json()) as { version: string }).version).toBe('about-2');
    for (const missing of [
      '/sections/about/0123456789abcdef/remoteEntry.js',
      `/sections/about/${latest?.id ?? ''}/nothing.js`,
      `/sections/home/${latest?.id ?? ''}/remoteEntry.js`,
      `/sections/about/${latest?.id ?? ''}/..%2F..%2Fdb/PG_VERSION`,
    ])
      expect((await fetch(`${site.baseUrl}${missing}`)).status).toBe(404);
  });

  it('refuses a build whose ./routes lacks a route id, and one without a server folder, keeping neither', async () => {
    const before = (await releases()).length;
    const noRoute = await upload(site, 'about', tarGz(folderEntries(candidateBuild(siteDir, 'about', '4', []))), token);
    expect(noRoute.status).toBe(422);
    const refusedRoutes = await json<ReleaseRefused>(noRoute);
    expect(refusedRoutes.checks.find((check) => check.name === 'routes')).toMatchObject({ outcome: 'failed' });
    expect(refusedRoutes.message).toMatch(/route ids the shell needs: about/);

    const withoutServer = candidateBuild(siteDir, 'about', '5');
    rmSync(path.join(withoutServer, 'server'), { recursive: true });
    const noServer = await upload(site, 'about', tarGz(folderEntries(withoutServer)), token);
    expect(noServer.status).toBe(422);
    expect((await json<ReleaseRefused>(noServer)).checks).toEqual([
      { name: 'archive', outcome: 'failed', detail: expect.stringMatching(/server\/manifest\.json/) },
    ]);
    expect(await releases()).toHaveLength(before);
  });

  it('promotes (owner), keeps the old release served (skew), and rolls back to it after checking it again', async () => {
    const all = await releases();
    const first = all.find((release) => release.version === 'about-1');
    const second = all.find((release) => release.version === 'about-2');
    if (!first || !second) throw new Error('the releases above are missing');
    const promoted = await call(site, 'POST', `/api/owner/sections/about/releases/${second.id}/promote`, {
      session,
      body: { note: 'reviewed' },
    });
    expect(promoted.status).toBe(200);
    const overview = await json<SectionsOverview>(promoted);
    expect(overview.sections.find((section) => section.name === 'about')?.liveUrl).toBe(second.entryUrl);
    // the first visit after the promote: the new release, the server's page
    const promotedPage = await page(site, '/about');
    expect([promotedPage.status, promotedPage.builds]).toEqual([200, expect.stringContaining('about=about-2')]);
    // a visitor still on the old release's files
    const old = await fetch(`${site.baseUrl}/sections/about/${first.id}/remoteEntry.js`);
    expect([old.status, old.headers.get('cache-control')]).toEqual([200, immutable]);

    const rolledBack = await call(site, 'POST', `/api/owner/sections/about/releases/${first.id}/promote`, { session });
    expect(rolledBack.status).toBe(200);
    expect((await json<SectionsOverview>(rolledBack)).history[0]).toMatchObject({
      action: 'roll back',
      from: second.entryUrl,
      to: first.entryUrl,
    });
    const after = await releases();
    expect(after.find((release) => release.id === first.id)?.livePeriods).toHaveLength(2);
    expect(after.find((release) => release.id === second.id)).toMatchObject({ live: false, note: 'new photo' });
    // and after the roll back
    const rolledBackPage = await page(site, '/about');
    expect([rolledBackPage.status, rolledBackPage.builds]).toEqual([200, expect.stringContaining('about=about-1')]);
  });

  it('lets a token promote only when the owner said it may', async () => {
    const third = await json<ReleaseUploaded>(await upload(site, 'about', about3, token));
    const id = third.release.id;
    expect((await withToken(site, 'POST', `/api/sections/about/releases/${id}/promote`, token)).status).toBe(403);
    const promoter = (await newToken(site, session, 'about', { name: 'release bot', mayPromote: true })).secret;
    const promoted = await withToken(site, 'POST', `/api/sections/about/releases/${id}/promote`, promoter);
    expect(promoted.status).toBe(200);
    expect(await json<SectionRelease>(promoted)).toMatchObject({ id, live: true });
    const listed = await json<SectionRelease[]>(await withToken(site, 'GET', '/api/sections/about/releases', token));
    expect(listed[0]).toMatchObject({ id, live: true });
  });

  it('asks nothing of itself over HTTP while it checks, promotes and previews a release and renders pages: it reads its release store', async () => {
    // every request either listener receives: only this test's own may be among them
    const listeners = [site.nest.getHttpServer(), site.nest.get(PreviewOrigin).server];
    const asked: string[] = [];
    const count = (req: IncomingMessage) => void asked.push(`${req.method} ${req.url?.split('?', 1)[0]}`);
    for (const listener of listeners) listener?.prependListener('request', count);
    try {
      const uploaded = await json<ReleaseUploaded>(
        await upload(site, 'about', tarGz(folderEntries(candidateBuild(siteDir, 'about', '6'))), token),
      );
      expect(uploaded.release.checks.map((check) => check.outcome)).toEqual(['passed', 'passed', 'passed', 'passed']);
      const { cookie, location } = await openPreview(site, uploaded.previewUrl);
      const previewed = await page(site, location, cookie);
      expect([previewed.status, previewed.builds]).toEqual([200, expect.stringContaining('about=about-6')]);
      const promoted = await call(site, 'POST', `/api/owner/sections/about/releases/${uploaded.release.id}/promote`, {
        session,
        body: {},
      });
      expect(promoted.status).toBe(200);
      const about = await page(site, '/about');
      expect([about.status, about.builds]).toEqual([200, expect.stringContaining('about=about-6')]);
      expect(asked).toEqual([
        'POST /api/sections/about/releases',
        `GET ${new URL(uploaded.previewUrl).pathname}`,
        'GET /about',
        `POST /api/owner/sections/about/releases/${uploaded.release.id}/promote`,
        'GET /about',
      ]);
    } finally {
      for (const listener of listeners) listener?.off('request', count);
    }
  });

  it('opens a preview link in any browser on the preview origin: a cookie, then the release with the banner', async () => {
    const uploaded = await json<ReleaseUploaded>(await upload(site, 'about', about2, token));
    const opened = await fetch(`${site.previewBaseUrl}${new URL(uploaded.previewUrl).pathname}`, {
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/about');
    const cookie = opened.headers.getSetCookie().find((set) => set.startsWith('section_preview=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(Date.parse(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '')).toBe(
      Date.parse(uploaded.previewExpiresAt) - (Date.parse(uploaded.previewExpiresAt) % 1000),
    );
    const value = /^section_preview=([^;]+)/.exec(cookie)?.[1] ?? '';
    // the preview's renderer starts on its first page, which waits for it
    const previewed = await fetch(`${site.previewBaseUrl}/about`, { headers: { Cookie: `section_preview=${value}` } });
    const html = await previewed.text();
    expect(previewed.status).toBe(200);
    expect(previewed.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('about=about-2');
    expect(html).toMatch(
      new RegExp(
        `<aside id="preview-banner"[^>]*>.*release <code[^>]*>${uploaded.release.id}</code>.*</aside><div id="root">`,
      ),
    );
    // the site's origin never honours it (the cookie reaches it: cookies are not kept apart by port)
    const visitor = await page({ baseUrl: site.baseUrl }, '/about', value);
    expect(visitor.html).not.toContain('preview-banner');
    expect(visitor.builds).not.toContain('about=about-2');
  });

  it('refuses an expired (410), forged (403) or malformed (400) preview link, setting nothing', async () => {
    const id = (await releases())[0]?.id ?? '';
    const cases: Array<[string, number]> = [
      [signedLink('about', id, Date.now() - 1000), 410],
      [signedLink('about', id, Date.now() + 60_000, 'another secret'), 403],
      [`${signedLink('about', id, Date.now() + 60_000)}x`, 403],
      ['nonsense', 400],
      ['%E0%A4%A', 400],
      [signedLink('about', '0123456789abcdef', Date.now() + 60_000), 404],
    ];
    for (const [link, status] of cases) {
      const response = await fetch(`${site.previewBaseUrl}/sections/preview/${link}`, { redirect: 'manual' });
      expect([link, response.status]).toEqual([link, status]);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // a forged cookie shows nothing either: the preview origin sends the browser to the site
    const forged = await fetch(`${site.previewBaseUrl}/about`, {
      headers: { Cookie: `section_preview=${signedLink('about', id, Date.now() + 60_000, 'another secret')}` },
      redirect: 'manual',
    });
    expect(forged.status).toBe(303);
    expect(await forged.text()).not.toContain('preview-banner');
  });
});
