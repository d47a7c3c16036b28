import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRemotesConfig } from '@portfolio/parts';
import type { ReleaseUploaded } from '@portfolio/contracts/section-releases';
import { call, json, serveFolder, startOwnerSite, type OwnerSite } from './owner-site.js';
import { newToken, upload } from './release-client.js';
import { folderEntries, tarGz } from './tar-archive.js';
import { newStorage } from './test-storage.js';

// Issue 26's table, each row the first answer a visitor, a crawler or a link preview gets from the real pages
// (`npm run build`), in a personal site's traffic: every visit comes after a quiet while longer than the renderers'
// idle time (RENDERER_IDLE_MS, 500 ms here, played quickly), shared links carry tracking parameters, paths are
// mistyped; a promote and a restart come between visits. Each answer must be the server's whole page (the frame,
// the section's content, its head) with the right status, at the first request.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = existsSync(path.join(repoRoot, 'shell/dist/server/render.js'));
if (!built) console.warn('No production build (npm run build): skipping the first answers on real pages');

const siteUrl = 'https://owner.example';
const idleMs = 500;
/** A quiet while: three times the renderers' idle time, as the minutes between a personal site's visits. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 3 * idleMs));

const frame = /<header class="site-header">.*<main id="main".*<\/main>.*<footer class="site-footer">/s;
const head = (html: string) => /<head>(.*)<\/head>/s.exec(html)?.[1] ?? '';
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(head(html))?.[1];
const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
    clientRender: boolean;
  } | null;

/** The first answer to one request, redirects not followed. */
async function firstAnswer(site: OwnerSite, pagePath: string) {
  const response = await fetch(`${site.baseUrl}${pagePath}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** The server's whole page for `pagePath`: 200, the frame, its heading, its own head, a canonical link without a query. */
async function expectWholePage(site: OwnerSite, pagePath: string, heading: RegExp) {
  const { status, html } = await firstAnswer(site, pagePath);
  expect([pagePath, status]).toEqual([pagePath, 200]);
  expect(html).toMatch(frame);
  expect(html).toMatch(heading);
  expect(pageData(html)?.clientRender).toBe(false);
  expect(head(html)).toContain('<meta property="og:title"');
  expect(canonicalOf(html)).toBe(`${siteUrl}${new URL(pagePath, siteUrl).pathname}`);
  return html;
}

(built ? describe : describe.skip)("the first answer, in a personal site's traffic (issue 26's table)", () => {
  const storage = newStorage();
  const env = { SITE_URL: siteUrl, RENDERER_IDLE_MS: String(idleMs) };
  let site: OwnerSite;
  beforeAll(async () => {
    site = await startOwnerSite(repoRoot, storage, env);
  }, 90_000);
  afterAll(() => site.close());

  it('the first visit after a start, as soon as the server answers: the home page', async () => {
    const html = await expectWholePage(site, '/', /<h1[^>]*>HELLO<\/h1>/);
    expect(html).toContain(`<meta property="og:url" content="${siteUrl}/">`);
  });

  it('links shared on a network, with tracking parameters: the page, its canonical link without them', async () => {
    for (const [pagePath, heading] of [
      ['/about?utm_source=linkedin&utm_medium=social&utm_campaign=profile', /<h1[^>]*>About Me<\/h1>/],
      ['/projects', /<h1[^>]*>Projects<\/h1>/],
      ['/projects/project/2?fbclid=IwAR0aBcD3fGhIjK', /<h1[^>]*>[^<]+<\/h1>/],
      ['/resume?ref=recruiter-mail', /<h1[^>]*>Resume<\/h1>/],
    ] as const) {
      await quiet();
      await expectWholePage(site, pagePath, heading);
    }
  });

  it("a mistyped path is a 404 with the 'Oops!' page in the frame; an unknown project redirects to the list", async () => {
    await quiet();
    const missing = await firstAnswer(site, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.html).toMatch(/<header class="site-header">.*Oops!.*<footer class="site-footer">/s);
    expect(head(missing.html)).toContain('<meta name="robots" content="noindex">');
    await quiet();
    const inSection = await firstAnswer(site, '/about/nothing-here?utm_source=x');
    expect([inSection.status, inSection.html.includes('Oops!')]).toEqual([404, true]);
    await quiet();
    const project = await firstAnswer(site, '/projects/project/999');
    expect([project.status, project.location]).toEqual([302, '/projects']);
  });

  it("after a quiet while longer than the renderers' idle time: a kept page, and a URL never seen before", async () => {
    await quiet();
    await quiet();
    await expectWholePage(site, '/about?gclid=Cj0KCQiA', /<h1[^>]*>About Me<\/h1>/);
    await quiet();
    // no page was kept for it: a renderer renders it, at the first request
    const never = await firstAnswer(site, '/resume/never-seen');
    expect([never.status, frame.test(never.html)]).toEqual([404, true]);
  });

  it('the first visit after the owner promotes a new build of a section, and after a roll back', async () => {
    const session = await site.logIn();
    const token = (await newToken(site, session, 'about')).secret;
    const dist = mkdtempSync(path.join(tmpdir(), 'first-answers-about-'));
    cpSync(path.join(repoRoot, 'mf-about/dist'), dist, { recursive: true });
    writeFileSync(path.join(dist, 'release.txt'), `a release of its own: ${dist}`);
    const uploaded = await upload(site, 'about', tarGz(folderEntries(dist)), token);
    expect(uploaded.status).toBe(201);
    const { release } = await json<ReleaseUploaded>(uploaded);
    const [live] = (
      await json<Array<{ id: string; live: boolean }>>(
        await call(site, 'GET', '/api/owner/sections/about/releases', { session }),
      )
    ).filter((found) => found.live);
    // uploaded now, promoted after a quiet while: its checks' renderer has ended by then
    await quiet();
    const promote = (id: string) => call(site, 'POST', `/api/owner/sections/about/releases/${id}/promote`, { session });
    expect((await promote(release.id)).status).toBe(200);
    const promoted = await expectWholePage(site, '/about', /<h1[^>]*>About Me<\/h1>/);
    expect(promoted).toContain(`/sections/about/${release.id}/`);
    await quiet();
    expect((await promote(live?.id ?? '')).status).toBe(200);
    const rolledBack = await expectWholePage(site, '/about?utm_source=linkedin', /<h1[^>]*>About Me<\/h1>/);
    expect(rolledBack).toContain(`/sections/about/${live?.id ?? ''}/`);
  }, 120_000);

  it("a section's host goes down: its pages get the frame from the server with its 'unavailable', 503", async () => {
    // a section still served from another host: a remotes.json seed that is not its part's /mf/ path (a site's own
    // releases never go down with a host); its own site, so the releases of the others stay as they are
    const host = await serveFolder(path.join(repoRoot, 'mf-resume/dist'));
    const folder = mkdtempSync(path.join(tmpdir(), 'remotes-json-'));
    const remotesFile = path.join(folder, 'remotes.json');
    writeFileSync(remotesFile, JSON.stringify({ ...defaultRemotesConfig(), resume: `${host.url}/remoteEntry.js` }));
    const elsewhere = await startOwnerSite(repoRoot, newStorage(), { ...env, REMOTES_JSON: remotesFile });
    try {
      await expectWholePage(elsewhere, '/resume', /<h1[^>]*>Resume<\/h1>/);
      await host.close();
      await quiet();
      // the first page after the host went down may still be the build its kept renderer holds (its manifest is read
      // again in the background, stale-while-revalidate); either answer is the server's, and the next says it is down
      const first = await firstAnswer(elsewhere, '/resume');
      expect([[200, 503].includes(first.status), frame.test(first.html)]).toEqual([true, true]);
      const down = await firstAnswer(elsewhere, '/resume');
      expect(down.status).toBe(503);
      expect(down.html).toMatch(frame);
      expect(down.html).toContain('This part of the site is unavailable');
      // its browser code gets its chance: the page tells the browser to render the section itself
      expect(pageData(down.html)?.clientRender).toBe(true);
    } finally {
      await host.close();
      await elsewhere.close();
    }
  }, 120_000);

  it('the first visit after a restart, as soon as the server answers', async () => {
    await site.close();
    site = await startOwnerSite(repoRoot, storage, env);
    await expectWholePage(site, '/about?utm_source=twitter', /<h1[^>]*>About Me<\/h1>/);
    await quiet();
    const missing = await firstAnswer(site, '/resumee');
    expect([missing.status, missing.html.includes('Oops!')]).toEqual([404, true]);
  }, 120_000);
});
