import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultRemotesConfig } from '@portfolio/parts';
import type { ReleaseUploaded } from '@portfolio/contracts/section-releases';
import { liveSectionsCacheMs } from '../src/live-sections/live-sections.service.js';
import { eventually } from './eventually.js';
import { fakeSite } from './fake-site.js';
import { call, candidateBuild, json, page, startOwnerSite, type OwnerSite } from './owner-site.js';
import { newToken, upload } from './release-client.js';
import { folderEntries, tarGz } from './tar-archive.js';
import { newDataDir, newStorage } from './test-storage.js';

// Two replicas on one PostgreSQL database, each with a data folder of its own (postgres project only): a
// release uploaded to one is served by the other, unpacked from the database on its first request.

describe('section releases on two replicas of one database', () => {
  const siteDir = fakeSite(defaultRemotesConfig(), true);
  const dataDirs = [newDataDir(), newDataDir()] as const;
  let replicas: [OwnerSite, OwnerSite];
  beforeAll(async () => {
    const storage = newStorage();
    replicas = [
      await startOwnerSite(siteDir, storage, { DATA_DIR: dataDirs[0] }),
      await startOwnerSite(siteDir, storage, { DATA_DIR: dataDirs[1] }),
    ];
  });
  afterAll(() => Promise.all(replicas.map((replica) => replica.close())));

  it('serves on the second replica a release uploaded to the first, and its pages once promoted there', async () => {
    const [first, second] = replicas;
    const session = await first.logIn();
    const token = (await newToken(first, session, 'projects')).secret;
    const archive = tarGz(folderEntries(candidateBuild(siteDir, 'projects', '2')));
    const response = await upload(first, 'projects', archive, token);
    expect(response.status).toBe(201);
    const { release } = await json<ReleaseUploaded>(response);
    expect(existsSync(path.join(dataDirs[1], 'releases/projects', release.id))).toBe(false);

    const entry = await fetch(`${second.baseUrl}${release.entryUrl}`);
    expect([entry.status, entry.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(existsSync(path.join(dataDirs[1], 'releases/projects', release.id, 'server/manifest.json'))).toBe(true);

    const promoted = await call(second, 'POST', `/api/owner/sections/projects/releases/${release.id}/promote`, {
      session,
    });
    expect(promoted.status).toBe(200);
    // each replica's live configuration is a second old at most: its first page after that is the new release's
    await new Promise((resolve) => setTimeout(resolve, liveSectionsCacheMs + 100));
    for (const replica of replicas) {
      const promotedPage = await page(replica, '/projects');
      expect([promotedPage.status, promotedPage.builds]).toEqual([200, expect.stringContaining('projects=projects-2')]);
    }
  });

  it('ends on the second replica the files of a release deleted on the first (within the second a replica may lag)', async () => {
    const [first, second] = replicas;
    const session = await first.logIn();
    const token = (await newToken(first, session, 'projects')).secret;
    const archive = tarGz(folderEntries(candidateBuild(siteDir, 'projects', '3')));
    const { release } = await json<ReleaseUploaded>(await upload(first, 'projects', archive, token));
    expect((await fetch(`${second.baseUrl}${release.entryUrl}`)).status).toBe(200);

    const deleted = await call(first, 'DELETE', `/api/owner/sections/projects/releases/${release.id}`, { session });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${first.baseUrl}${release.entryUrl}`)).status).toBe(404);
    // the second replica still has the folder it unpacked, and trusts for a second that its row is there
    await eventually(
      async () => (await fetch(`${second.baseUrl}${release.entryUrl}`)).status === 404,
      'the deleted release gone from the second replica',
      // a second of lag (live-config.ts's liveSectionsCacheMs), and time for a loaded host to answer
      6000,
    );
  });
});
