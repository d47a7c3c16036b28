import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remotes } from '@portfolio/parts';
import type { RemotesConfig } from '@portfolio/contracts/remote-routes';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import type { PreviewLink, ReleaseRefused, SectionRelease } from '@portfolio/contracts/section-releases';
import { fakeSite } from './fake-site.js';
import { setOwnerPassword } from './owner-client.js';
import {
  call,
  candidateBuild,
  json,
  openPreview,
  page,
  previewCookieOf,
  serveFolder,
  startOwnerSite,
  type FolderServer,
  type OwnerSite,
} from './owner-site.js';
import { itOnOneStorage, newStorage, testStorage } from './test-storage.js';

/**
 * Every section on another origin (each part's dist/ served as a CDN would): URLs the owner moves by hand.
 * Not the default remotes.json, so the first start takes no release (section-releases.e2e-spec.ts does).
 */
let sameOrigin: RemotesConfig;
let cdn: FolderServer;
const cdnSite = fakeSite({}, true);

/** A site whose remotes.json names the sections on the CDN. */
function siteOnCdn(): string {
  writeFileSync(path.join(cdnSite, 'shell/dist/remotes.json'), JSON.stringify(sameOrigin));
  return cdnSite;
}

// On PostgreSQL a refused import does not run: it is answered before a row is written.
describe(`the owner's sections (${testStorage})`, () => {
  beforeAll(async () => {
    cdn = await serveFolder(cdnSite);
    sameOrigin = Object.fromEntries(
      remotes.map(({ name, folder }) => [name, `${cdn.url}/${folder}/dist/remoteEntry.js`]),
    ) as RemotesConfig;
  });
  afterAll(() => cdn.close());
  const siteDir = cdnSite;
  const remotesJson = path.join(siteDir, 'shell/dist/remotes.json');
  let site: OwnerSite;
  let session: string;
  let about2: FolderServer;
  let aboutBroken: FolderServer;
  let projectsPartial: FolderServer;
  beforeAll(async () => {
    site = await startOwnerSite(siteOnCdn());
    session = await site.logIn();
    about2 = await serveFolder(candidateBuild(siteDir, 'about', '2'));
    // serves the entry but not the route ids the shell needs
    projectsPartial = await serveFolder(candidateBuild(siteDir, 'projects', '2', ['projects']));
    aboutBroken = await serveFolder(path.join(siteDir, 'no-such-folder'));
  });
  afterAll(async () => {
    await Promise.all([about2.close(), projectsPartial.close(), aboutBroken.close()]);
    await site.close();
  });

  const candidate = () => `${about2.url}/remoteEntry.js`;
  const importUrl = (url: string, section = 'about') =>
    call(site, 'POST', `/api/owner/sections/${section}/releases/import`, { session, body: { url } });
  /** about-2 imported as a release (201 the first time, 200 after) */
  const imported = async () => json<SectionRelease>(await importUrl(candidate()));

  it("imports a build at a URL after its checks: the server manifest's version and build time, the route ids its ./routes serves", async () => {
    const response = await importUrl(candidate());
    expect(response.status).toBe(201);
    const release = await json<SectionRelease>(response);
    expect(release).toMatchObject({ version: 'about-2', builtAt: '2026-01-02T03:04:05.000Z', ok: true, live: false });
    expect(release.checks.find((check) => check.name === 'routes')).toMatchObject({ outcome: 'passed' });
    const missing = await importUrl(`${aboutBroken.url}/remoteEntry.js`);
    expect(missing.status).toBe(422);
    expect((await json<ReleaseRefused>(missing)).message).toMatch(/release-files\.json" answered 404/);
    const nobody = await importUrl('http://127.0.0.1:9/remoteEntry.js');
    expect(nobody.status).toBe(422);
    expect((await json<ReleaseRefused>(nobody)).message).toMatch(/could not be fetched/);
  });

  itOnOneStorage(
    'refuses to import a build that does not serve the route ids the shell needs (422, with the failed check)',
    async () => {
      const partial = await importUrl(`${projectsPartial.url}/remoteEntry.js`, 'projects');
      expect(partial.status).toBe(422);
      const refused = await json<ReleaseRefused>(partial);
      expect(refused.checks.find((check) => check.name === 'routes')).toMatchObject({
        outcome: 'failed',
        detail: expect.stringContaining('project'),
      });
      expect(readFileSync(remotesJson, 'utf8')).toBe(JSON.stringify(sameOrigin));
      expect((await page(site, '/projects')).builds).toContain('projects=projects-1');
    },
  );

  it("previews an imported release by a link to the preview origin: its pages there, with a banner; never the site's", async () => {
    const release = await imported();
    const response = await call(site, 'POST', `/api/owner/sections/about/releases/${release.id}/preview`, { session });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const link = await json<PreviewLink>(response);
    // PREVIEW_ORIGIN unset, and no SITE_URL: localhost and the preview port
    expect(link.previewUrl).toMatch(
      new RegExp(`^http://localhost:${new URL(site.previewBaseUrl).port}/sections/preview/[\\w-]+\\.[\\w-]+$`),
    );
    expect(Date.parse(link.previewExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const { cookie, location } = await openPreview(site, link.previewUrl);
    expect(location).toBe('/about');

    const previewed = await page(site, '/about', cookie);
    expect(previewed.builds).toBe('home=home-1 about=about-2 projects=projects-1 resume=resume-1');
    expect(previewed.cacheControl).toBe('private, no-store');
    const banner = /<aside id="preview-banner"[^>]*>(.*?)<\/aside><div id="root">/.exec(previewed.html)?.[1];
    expect(banner).toContain('About section');
    expect(banner).toContain(release.id);
    expect(banner).toContain('href="/sections/preview/end"');
    const previewOrigin = { baseUrl: site.previewBaseUrl };
    const previewRemotes = await call(previewOrigin, 'GET', '/remotes.json', { preview: cookie });
    expect(await previewRemotes.json()).toEqual({ ...sameOrigin, about: release.entryUrl });
    expect(previewRemotes.headers.get('cache-control')).toBe('private, no-store');

    // the site's origin, without the cookie or with it (a cookie reaches every port of its host): the live site
    for (const other of [undefined, cookie]) {
      const visitor = await page({ baseUrl: site.baseUrl }, '/about', other);
      expect(visitor.builds).toBe('home=home-1 about=about-1 projects=projects-1 resume=resume-1');
      expect(visitor.html).not.toContain('preview-banner');
      expect(visitor.cacheControl).toContain('public');
      expect(await (await call(site, 'GET', '/remotes.json', { preview: other })).json()).toEqual(sameOrigin);
    }
    // the preview origin without a preview (or with the owner's session only) sends the browser to the site
    const siteUrl = site.baseUrl.replace('127.0.0.1', 'localhost');
    for (const cookies of ['', `owner_session=${session}`, `section_preview=${cookie}x`]) {
      const bare = await fetch(`${site.previewBaseUrl}/about?x=1`, {
        headers: { Cookie: cookies },
        redirect: 'manual',
      });
      expect([cookies, bare.status, bare.headers.get('location')]).toEqual([cookies, 303, `${siteUrl}/about?x=1`]);
    }

    // the banner's End preview: the cookie cleared, the browser sent to the site
    const ended = await fetch(`${site.previewBaseUrl}/sections/preview/end`, { redirect: 'manual' });
    expect(ended.status).toBe(303);
    expect(previewCookieOf(ended)).toMatch(/Expires=Thu, 01 Jan 1970/);
    // the preview's renderer and the visitors' start on their first pages: on a busy host, seconds each
  }, 90_000);

  it('promotes imported releases for every visitor at once, records it, and rolls back to the release before', async () => {
    const fileBefore = statSync(remotesJson).ino;
    const about2Release = await imported();
    const promote = (id: string) => call(site, 'POST', `/api/owner/sections/about/releases/${id}/promote`, { session });
    const promoted = await promote(about2Release.id);
    expect(promoted.status).toBe(200);
    const overview = await json<SectionsOverview>(promoted);
    // the table on either engine: remotes.json is only the default, never written
    expect(overview.storage).toBe('database');
    // what was live before was a URL, not a release of this site: nothing for a Roll back to promote
    expect(overview.sections.find((section) => section.name === 'about')).toMatchObject({
      liveUrl: about2Release.entryUrl,
      liveReleaseId: about2Release.id,
      previousReleaseId: null,
      liveHealth: { ok: true, version: 'about-2' },
    });
    expect(overview.history[0]).toMatchObject({
      section: 'about',
      action: 'promote',
      from: sameOrigin.about,
      to: about2Release.entryUrl,
    });
    expect(Date.now() - Date.parse(overview.history[0]!.at)).toBeLessThan(60_000);
    const none = await call(site, 'POST', '/api/owner/sections/about/roll-back', { session });
    expect(none.status).toBe(409);
    expect((await json<{ message: string }>(none)).message).toMatch(/nothing to roll back to/);

    // every client, without any cookie
    const promotedPage = await page(site, '/about');
    expect([promotedPage.status, promotedPage.builds]).toEqual([200, expect.stringContaining('about=about-2')]);
    expect(await (await call(site, 'GET', '/remotes.json')).json()).toEqual({
      ...sameOrigin,
      about: about2Release.entryUrl,
    });
    expect(JSON.parse(readFileSync(remotesJson, 'utf8'))).toEqual(sameOrigin);
    expect(statSync(remotesJson).ino).toBe(fileBefore);
    expect((await promote(about2Release.id)).status).toBe(409);

    // a third build, promoted: Roll back goes to about-2, checked again
    const about3 = await serveFolder(candidateBuild(siteDir, 'about', '3'));
    try {
      const about3Release = await json<SectionRelease>(await importUrl(`${about3.url}/remoteEntry.js`));
      const third = await json<SectionsOverview>(await promote(about3Release.id));
      expect(third.sections.find((section) => section.name === 'about')).toMatchObject({
        previousReleaseId: about2Release.id,
      });
      expect((await page(site, '/about')).builds).toContain('about=about-3');
      const rolledBack = await call(site, 'POST', '/api/owner/sections/about/roll-back', { session });
      expect(rolledBack.status).toBe(200);
      const after = await json<SectionsOverview>(rolledBack);
      expect(after.sections.find((section) => section.name === 'about')?.liveUrl).toBe(about2Release.entryUrl);
      expect(after.history.slice(0, 2).map((change) => [change.action, change.from, change.to])).toEqual([
        ['roll back', about3Release.entryUrl, about2Release.entryUrl],
        ['promote', about2Release.entryUrl, about3Release.entryUrl],
      ]);
      const before = await page(site, '/about');
      expect([before.status, before.builds]).toEqual([200, expect.stringContaining('about=about-2')]);
    } finally {
      await about3.close();
    }

    const nothing = await call(site, 'POST', '/api/owner/sections/resume/roll-back', { session });
    expect(nothing.status).toBe(409);
    expect((await json<{ message: string }>(nothing)).message).toMatch(/nothing to roll back to/);
  }, 90_000);

  it('follows a hand edit of remotes.json for every section the owner has not promoted here', async () => {
    const edited = { ...sameOrigin, resume: `${about2.url}/../resume-elsewhere/remoteEntry.js` };
    writeFileSync(remotesJson, JSON.stringify(edited));
    try {
      const served = await json<Record<string, string>>(await call(site, 'GET', '/remotes.json'));
      // about is the release promoted here (the test before): the file no longer decides it
      expect(served).toEqual({
        ...edited,
        about: expect.stringMatching(/^\/sections\/about\/[0-9a-f]{16}\/remoteEntry\.js$/),
      });
      // its build cannot be read there: the frame, and the section's "unavailable"
      const resume = await page(site, '/resume');
      expect([resume.status, resume.builds]).toEqual([503, expect.stringContaining('resume=missing')]);
      const overview = await json<SectionsOverview>(await call(site, 'GET', '/api/owner/sections', { session }));
      expect(overview.sections.find((section) => section.name === 'resume')).toMatchObject({
        liveUrl: edited.resume,
        previousReleaseId: null,
        liveHealth: { ok: false, entryAnswers: false },
      });
    } finally {
      writeFileSync(remotesJson, JSON.stringify(sameOrigin));
    }
  });

  it('answers owner paths with the page for the browser to render, noindex and kept by no one; out of the sitemap', async () => {
    for (const ownerPath of ['/owner', '/owner/login', '/owner/sections', '/owner/inbox?page=2']) {
      const response = await call(site, 'GET', ownerPath);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('<!--page-body-->');
    }
    const sitemap = await (await call(site, 'GET', '/sitemap.xml')).text();
    expect(sitemap).toContain('/about</loc>');
    expect(sitemap).not.toContain('/owner');
    expect(await (await call(site, 'GET', '/robots.txt')).text()).toContain('Disallow: /owner\n');
  });
  it('answers /remotes.json and takes imports and promotes without serving the site (behind nginx: SERVE_SITE=false, REMOTES_JSON)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'remotes-json-'));
    const remotesFile = path.join(folder, 'remotes.json');
    writeFileSync(remotesFile, JSON.stringify(sameOrigin));
    const apiOnly = await startOwnerSite(siteDir, newStorage(), { SERVE_SITE: 'false', REMOTES_JSON: remotesFile });
    try {
      expect(await (await call(apiOnly, 'GET', '/remotes.json')).json()).toEqual(sameOrigin);
      expect((await call(apiOnly, 'GET', '/about')).status).toBe(404);
      const owner = await apiOnly.logIn();
      const importedHere = await call(apiOnly, 'POST', '/api/owner/sections/about/releases/import', {
        session: owner,
        body: { url: candidate() },
      });
      expect(importedHere.status).toBe(201);
      const release = await json<SectionRelease>(importedHere);
      const promoted = await call(apiOnly, 'POST', `/api/owner/sections/about/releases/${release.id}/promote`, {
        session: owner,
      });
      expect(promoted.status).toBe(200);
      expect(await (await call(apiOnly, 'GET', '/remotes.json')).json()).toEqual({
        ...sameOrigin,
        about: release.entryUrl,
      });
      expect(JSON.parse(readFileSync(remotesFile, 'utf8'))).toEqual(sameOrigin);
    } finally {
      await apiOnly.close();
    }
  });

  // last: a new password ends every session begun before it
  it('works with the real login: the session ends with logout, and a preview link made in it is no power', async () => {
    const release = await imported();
    await setOwnerPassword(site.storage, 'correct horse battery staple');
    const login = await call(site, 'POST', '/api/owner/login', { body: { password: 'correct horse battery staple' } });
    expect(login.status).toBe(200);
    const loggedIn = /^owner_session=([^;]+)/.exec(
      login.headers.getSetCookie().find((cookie) => cookie.startsWith('owner_session=')) ?? '',
    )?.[1];
    const previewed = await call(site, 'POST', `/api/owner/sections/about/releases/${release.id}/preview`, {
      session: loggedIn,
    });
    const { cookie } = await openPreview(site, (await json<PreviewLink>(previewed)).previewUrl);
    expect((await page(site, '/about', cookie)).builds).toContain('about=about-2');
    // the preview cookie is no session: the owner's API refuses it on either origin
    expect((await call(site, 'GET', '/api/owner/sections', { preview: cookie })).status).toBe(401);
    const logout = await call(site, 'POST', '/api/owner/logout', { session: loggedIn });
    expect(logout.status).toBe(204);
    expect((await call(site, 'GET', '/api/owner/sections', { session: loggedIn })).status).toBe(401);
  });
});
