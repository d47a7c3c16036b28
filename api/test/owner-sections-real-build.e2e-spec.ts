import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseFileListName, remoteByName } from '@portfolio/parts';
import type { PreviewLink, ReleaseRefused, SectionRelease } from '@portfolio/contracts/section-releases';
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

// The import of a build at a URL and the preview of a release with the real render module and the sections' real
// builds (`npm run build`), each candidate a copy of a section's dist/ on another origin. Only the import and the
// preview: nothing is promoted.

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
    const aboutCopy = copyOf('about');
    rmSync(path.join(aboutCopy, releaseFileListName));
    writeFileSync(path.join(aboutCopy, 'notes.txt'), 'a file more than the build the site started with\n');
    about = await serveFolder(aboutCopy);
    projects = await serveFolder(copyOf('projects'));
  });
  afterAll(async () => {
    await Promise.all([about.close(), projects.close()]);
    await site.close();
  });

  const importUrl = (url: string) =>
    call(site, 'POST', '/api/owner/sections/about/releases/import', { session, body: { url } });

  it('imports a real build from a URL: its ./routes loaded in a renderer, its route ids, version and build time', async () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'mf-about/dist/server/manifest.json'), 'utf8')) as {
      version: string;
      builtAt: string;
    };
    // the same files as the site's first release of about (its dist/, the file list too): the same release
    const same = await serveFolder(path.dirname(path.join(repoRoot, 'mf-about/dist/remoteEntry.js')));
    try {
      const again = await importUrl(`${same.url}/remoteEntry.js`);
      expect(again.status).toBe(200);
      expect(await json<SectionRelease>(again)).toMatchObject({ note: 'first start', live: true });
    } finally {
      await same.close();
    }
    // the copy with a file more (its list made by the host): a new release, every check run
    const response = await importUrl(`${about.url}/remoteEntry.js`);
    expect(response.status).toBe(201);
    const release = await json<SectionRelease>(response);
    expect(release).toMatchObject({ version: manifest.version, builtAt: manifest.builtAt, ok: true });
    expect(release.checks.find((check) => check.name === 'routes')).toMatchObject({ outcome: 'passed' });
  });

  it('refuses another section built for another name: it does not honour the contract', async () => {
    const response = await importUrl(`${projects.url}/remoteEntry.js`);
    expect(response.status).toBe(422);
    const refused = await json<ReleaseRefused>(response);
    expect(refused.checks.find((check) => check.name === 'routes')).toMatchObject({ outcome: 'failed' });
  });

  it("renders the owner's preview of a release on the preview origin, with the banner outside #root", async () => {
    const release = await json<SectionRelease>(await importUrl(`${about.url}/remoteEntry.js`));
    const previewed = await call(site, 'POST', `/api/owner/sections/about/releases/${release.id}/preview`, { session });
    const { cookie } = await openPreview(site, (await json<PreviewLink>(previewed)).previewUrl);
    const previewOrigin = { baseUrl: site.previewBaseUrl };
    const owner = await call(previewOrigin, 'GET', '/about', { preview: cookie });
    const html = await owner.text();
    expect(owner.status).toBe(200);
    expect(html).toMatch(/<\/aside><div id="root">/);
    expect(html.indexOf('preview-banner')).toBeLessThan(html.indexOf('<div id="root">'));
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect((JSON.parse(data) as { sections: Record<string, string> }).sections.about).toMatch(
      new RegExp(`/sections/about/${release.id}/remoteEntry\\.[0-9a-f]+\\.js$`),
    );
    const visitor = await (await call(site, 'GET', '/about')).text();
    expect(visitor).not.toContain('preview-banner');
  });
});
