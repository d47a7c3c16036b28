import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defaultRemotesConfig } from '@portfolio/parts';
import { releaseArchiveLimits, type ReleaseRefused } from '@portfolio/contracts/section-releases';
import { fakeSite } from './fake-site.js';
import { candidateBuild, json, startOwnerSite, type OwnerSite } from './owner-site.js';
import { newToken, upload } from './release-client.js';
import { folderEntries, tarGz, type TarEntry } from './tar-archive.js';
import { newDataDir, newStorage } from './test-storage.js';

// Hostile archives: each refused with a 4xx naming the cause, and nothing written outside the store (the data
// folder's releases/) nor left in it, nor beside it in the system's temporary folder.

describe('hostile release archives', () => {
  const siteDir = fakeSite(defaultRemotesConfig(), true);
  const build = folderEntries(candidateBuild(siteDir, 'about', '2'));
  const marker = `escaped-${randomBytes(4).toString('hex')}`;
  const storage = newStorage();
  // PGlite's own data folder, or one beside PostgreSQL for the release files
  const dataDir = storage.DATA_DIR ?? newDataDir();
  let site: OwnerSite;
  let token: string;
  beforeAll(async () => {
    site = await startOwnerSite(siteDir, storage, { DATA_DIR: dataDir });
    token = (await newToken(site, await site.logIn(), 'about')).secret;
  });
  afterAll(() => site.close());

  const releasesRoot = path.join(dataDir, 'releases');
  const leftovers = () => readdirSync(releasesRoot).filter((name) => name.startsWith('.incoming'));
  const escaped = () =>
    [dataDir, path.dirname(dataDir), tmpdir(), releasesRoot, path.join(releasesRoot, 'about')].flatMap((folder) =>
      readdirSync(folder).filter((name) => name.includes(marker)),
    );

  const hostile: Array<[string, Buffer, number, RegExp]> = [
    ['a path with ..', tarGz([...build, { path: `../../${marker}`, content: 'x' }]), 422, /climbs out/],
    ['a path with .. inside', tarGz([...build, { path: `server/../../${marker}`, content: 'x' }]), 422, /climbs out/],
    ['an absolute path', tarGz([...build, { path: path.join(tmpdir(), marker), content: 'x' }]), 422, /absolute/],
    ['a symbolic link', tarGz([...build, { path: marker, type: '2', linkTo: '/etc/passwd' }]), 422, /SymbolicLink/],
    ['a hard link', tarGz([...build, { path: marker, type: '1', linkTo: 'remoteEntry.js' }]), 422, /Link/],
    ['a device', tarGz([...build, { path: marker, type: '3' }]), 422, /CharacterDevice/],
    ['a FIFO', tarGz([...build, { path: marker, type: '6' }]), 422, /FIFO/],
    [
      'too many files',
      tarGz(
        Array.from({ length: releaseArchiveLimits.maxEntries + 1 }, (_, index): TarEntry => ({
          path: `f${index}`,
          content: 'x',
        })),
      ),
      422,
      /over 2000 entries/,
    ],
    [
      'too many bytes unpacked (a gzip bomb)',
      tarGz([...build, { path: marker, content: Buffer.alloc(releaseArchiveLimits.maxUnpackedBytes + 1) }]),
      422,
      /unpacks to over 60 MB/,
    ],
    ['not gzip', Buffer.from('this is not an archive at all'), 422, /not a gzip/],
    ['gzip of no tar', gzipSync(Buffer.from('hello')), 422, /could not be read|no files/],
    ['a truncated archive', tarGz(build).subarray(0, 200), 422, /could not be read/],
    ['an empty body', Buffer.alloc(0), 422, /empty/],
    ['no files at all', tarGz([]), 422, /no files|could not be read/],
  ];

  it.each(hostile)(
    'refuses %s with a 4xx naming it, and writes nothing outside the store',
    async (_what, archive, status, cause) => {
      const response = await upload(site, 'about', archive, token);
      expect(response.status).toBe(status);
      const body = await json<ReleaseRefused>(response);
      expect(body.message).toMatch(cause);
      expect(body.checks).toEqual([{ name: 'archive', outcome: 'failed', detail: expect.stringMatching(cause) }]);
      expect(escaped()).toEqual([]);
      expect(leftovers()).toEqual([]);
      expect(existsSync(path.join('/etc', marker))).toBe(false);
    },
  );

  it('refuses an archive over the size limit from its Content-Length (413) before reading it', async () => {
    const response = await fetch(`${site.baseUrl}/api/sections/about/releases`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/gzip', Authorization: `Bearer ${token}` },
      body: Buffer.alloc(releaseArchiveLimits.maxArchiveBytes + 1),
    }).catch((error: unknown) => error);
    // the server answers before the body is read; a client may see the answer or the closed connection
    if (response instanceof Response) expect(response.status).toBe(413);
    expect(leftovers()).toEqual([]);
  });

  it('refuses another content type (415) and an over-long note (400)', async () => {
    const archive = tarGz(build);
    expect((await upload(site, 'about', archive, token, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await upload(site, 'about', archive, token, { 'X-Release-Note': 'x'.repeat(501) })).status).toBe(400);
    expect(leftovers()).toEqual([]);
  });
});
