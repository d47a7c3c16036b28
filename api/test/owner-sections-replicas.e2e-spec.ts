import { defaultRemotesConfig } from '@portfolio/parts';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import { liveSectionsCacheMs } from '../src/live-sections/live-sections.service.js';
import type { PreviewLink, SectionRelease } from '@portfolio/contracts/section-releases';
import { fakeSite } from './fake-site.js';
import {
  call,
  candidateBuild,
  json,
  page,
  openPreview,
  serveFolder,
  startOwnerSite,
  type FolderServer,
  type OwnerSite,
} from './owner-site.js';
import { newStorage } from './test-storage.js';

// Two replicas on one PostgreSQL database share the live sections and the preview links' secret (postgres project only).

/** Every section on the site's own origin, as the shell's build ships remotes.json. */
const sameOrigin = defaultRemotesConfig();

describe("the owner's sections on two replicas of one database", () => {
  const siteDir = fakeSite(sameOrigin, true);
  let replicas: OwnerSite[];
  let candidate: FolderServer;
  beforeAll(async () => {
    const storage = newStorage();
    replicas = [await startOwnerSite(siteDir, storage), await startOwnerSite(siteDir, storage)];
    candidate = await serveFolder(candidateBuild(siteDir, 'projects', '2'));
  });
  afterAll(async () => {
    await candidate.close();
    await Promise.all(replicas.map((replica) => replica.close()));
  });

  /** the candidate imported on one replica (201 the first time, 200 after): its files in the shared database */
  const imported = async (replica: OwnerSite, session: string) => {
    const response = await call(replica, 'POST', '/api/owner/sections/projects/releases/import', {
      session,
      body: { url: `${candidate.url}/remoteEntry.js` },
    });
    expect([200, 201]).toContain(response.status);
    return json<SectionRelease>(response);
  };

  it("opens a preview link made on one replica, of a release imported there, on the other's preview origin; visitors of either get live", async () => {
    const [first, second] = replicas as [OwnerSite, OwnerSite];
    const session = await first.logIn();
    const release = await imported(first, session);
    const previewed = await call(first, 'POST', `/api/owner/sections/projects/releases/${release.id}/preview`, {
      session,
    });
    const { cookie } = await openPreview(second, (await json<PreviewLink>(previewed)).previewUrl);
    expect((await page(second, '/projects', cookie)).builds).toContain('projects=projects-2');
    expect((await page(first, '/projects', cookie)).builds).toContain('projects=projects-2');
    for (const replica of replicas) expect((await page(replica, '/projects')).builds).toContain('projects=projects-1');
  });

  it('promotes on one replica and every replica serves it within a second or so; a roll back on the other too', async () => {
    const [first, second] = replicas as [OwnerSite, OwnerSite];
    const session = await first.logIn();
    const release = await imported(first, session);
    // both have rendered and kept the live page before
    for (const replica of replicas) expect((await page(replica, '/projects')).builds).toContain('projects=projects-1');

    const promoted = await call(first, 'POST', `/api/owner/sections/projects/releases/${release.id}/promote`, {
      session,
    });
    expect(promoted.status).toBe(200);
    // the other replica's live configuration is a second old at most: its first page after that is the new build's
    await new Promise((resolve) => setTimeout(resolve, liveSectionsCacheMs + 100));
    const promotedPage = await page(second, '/projects');
    expect([promotedPage.status, promotedPage.builds]).toEqual([200, expect.stringContaining('projects=projects-2')]);
    expect(await (await call(second, 'GET', '/remotes.json')).json()).toMatchObject({ projects: release.entryUrl });

    const rolledBack = await call(second, 'POST', '/api/owner/sections/projects/roll-back', { session });
    expect(rolledBack.status).toBe(200);
    expect((await json<SectionsOverview>(rolledBack)).history.slice(0, 2).map((change) => change.action)).toEqual([
      'roll back',
      'promote',
    ]);
    await new Promise((resolve) => setTimeout(resolve, liveSectionsCacheMs + 100));
    const rolledBackPage = await page(first, '/projects');
    expect([rolledBackPage.status, rolledBackPage.builds]).toEqual([
      200,
      expect.stringContaining('projects=projects-1'),
    ]);
  });
});
