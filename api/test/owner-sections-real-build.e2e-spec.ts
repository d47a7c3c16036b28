import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteByName } from '@portfolio/parts';
import type { SectionHealth } from '@portfolio/contracts/owner';
import type { PreviewLink } from '@portfolio/contracts/section-releases';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import {
  call,
  json,
  openPreview,
  serveFolder,
  startOwnerSite,
  type FolderServer,
  type OwnerSite,
} from './owner-site.js';

// The health check and the preview with the real render module and the sections' real builds (`npm run build`),
// each candidate a copy of a section's dist/ on another origin. Only the check and the preview: the built
// site's remotes.json is not changed.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = ['shell', 'mf-about', 'mf-projects'].every((folder) =>
  existsSync(path.join(repoRoot, folder, 'dist', folder === 'shell' ? 'server/render.js' : 'server/manifest.json')),
);
if (!built) console.warn('No production build (npm run build): skipping the owner-sections tests on real builds');

const copyOf = (name: RemoteName) => {
  const dist = mkdtempSync(path.join(tmpdir(), `real-${name}-`));
  cpSync(path.join(repoRoot, remoteByName(name).folder, 'dist'), dist, { recursive: true });
  return dist;
};

(built ? describe : describe.skip)("the owner's sections with the real builds", () => {
  let site: OwnerSite;
  let session: string;
  let about: FolderServer;
  let projects: FolderServer;
  beforeAll(async () => {
    site = await startOwnerSite(repoRoot);
    session = await site.logIn();
    about = await serveFolder(copyOf('about'));
    projects = await serveFolder(copyOf('projects'));
  });
  afterAll(async () => {
    await Promise.all([about.close(), projects.close()]);
    await site.close();
  });

  it("loads a candidate's ./routes in a render worker and lists its route ids, version and build time", async () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'mf-about/dist/server/manifest.json'), 'utf8')) as {
      version: string;
      builtAt: string;
    };
    const response = await call(site, 'POST', '/api/owner/sections/about/check', {
      session,
      body: { url: `${about.url}/remoteEntry.js` },
    });
    expect(await json<SectionHealth>(response)).toEqual({
      url: `${about.url}/remoteEntry.js`,
      ok: true,
      entryAnswers: true,
      routeIds: ['about'],
      missingRouteIds: [],
      version: manifest.version,
      builtAt: manifest.builtAt,
      problems: [],
    });
  });

  it('finds that another section built for another name does not honour the contract', async () => {
    const response = await call(site, 'POST', '/api/owner/sections/about/check', {
      session,
      body: { url: `${projects.url}/remoteEntry.js` },
    });
    const health = await json<SectionHealth>(response);
    expect(health.ok).toBe(false);
    expect(health.entryAnswers).toBe(true);
    expect(health.problems.join(' ')).toMatch(/\.\/routes/);
    const promoted = await call(site, 'POST', '/api/owner/sections/about/promote', {
      session,
      body: { url: `${projects.url}/remoteEntry.js` },
    });
    expect(promoted.status).toBe(422);
  });

  it("renders the owner's preview from the candidate's build on the preview origin, with the banner outside #root", async () => {
    const url = `${about.url}/remoteEntry.js`;
    const previewed = await call(site, 'POST', '/api/owner/sections/about/preview', { session, body: { url } });
    const { cookie } = await openPreview(site, (await json<PreviewLink>(previewed)).previewUrl);
    const previewOrigin = { baseUrl: site.previewBaseUrl };
    const owner = await call(previewOrigin, 'GET', '/about', { preview: cookie });
    const html = await owner.text();
    expect(owner.status).toBe(200);
    expect(html).toMatch(/<\/aside><div id="root">/);
    expect(html.indexOf('preview-banner')).toBeLessThan(html.indexOf('<div id="root">'));
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect((JSON.parse(data) as { sections: Record<string, string> }).sections.about).toMatch(
      new RegExp(`^${about.url}/remoteEntry\\.[0-9a-f]+\\.js$`),
    );
    const visitor = await (await call(site, 'GET', '/about')).text();
    expect(visitor).not.toContain(about.url);
    expect(visitor).not.toContain('preview-banner');
  });
});
