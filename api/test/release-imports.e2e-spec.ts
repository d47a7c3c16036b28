import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { defaultRemotesConfig } from '@portfolio/parts';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import {
  releaseArchiveLimits,
  releaseFileListName,
  type PreviewLink,
  type ReleaseRefused,
  type SectionRelease,
} from '@portfolio/contracts/section-releases';
import { fakeSite } from './fake-site.js';
import {
  call,
  candidateBuild,
  json,
  openPreview,
  page,
  serveFolder,
  startOwnerSite,
  type FolderServer,
  type OwnerSite,
} from './owner-site.js';
import { itOnOneStorage, testStorage } from './test-storage.js';

// A build at a URL taken in as a release by the owner (POST /api/owner/sections/:name/releases/import): the stand-in
// builds served on another port list their files as every real build does (owner-site.ts's serveFolder), and hostile
// hosts answer what a broken or malicious one would.

/** A host answering a few paths as told; any other path 404s. Sockets kept, so a hung answer can be ended. */
async function serveRoutes(routes: Record<string, (res: ServerResponse) => void>) {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    entry: `${url}/build/remoteEntry.js`,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');
const listOf = (files: Record<string, string>) => ({
  files: Object.entries(files).map(([file, content]) => ({
    path: file,
    bytes: Buffer.byteLength(content),
    sha256: sha256(content),
  })),
});
const send =
  (body: string | object, status = 200) =>
  (res: ServerResponse) =>
    res.writeHead(status).end(typeof body === 'string' ? body : JSON.stringify(body));

describe(`importing a build at a URL as a release (${testStorage})`, () => {
  const siteDir = fakeSite(defaultRemotesConfig(), true);
  let site: OwnerSite;
  let session: string;
  let host: FolderServer;
  const about2 = candidateBuild(siteDir, 'about', '2');
  beforeAll(async () => {
    site = await startOwnerSite(siteDir, undefined, { RELEASE_IMPORT_MS: '3000' });
    session = await site.logIn();
    host = await serveFolder(path.dirname(about2));
  });
  afterAll(async () => {
    await host.close();
    await site.close();
  });

  const entryOf = (folder: string) => `${host.url}/${path.basename(folder)}/remoteEntry.js`;
  const importUrl = (url: unknown, section = 'about', init: { session?: string; origin?: string | null } = {}) =>
    call(site, 'POST', `/api/owner/sections/${section}/releases/import`, { session, ...init, body: { url } });
  const releases = async () =>
    json<SectionRelease[]>(await call(site, 'GET', '/api/owner/sections/about/releases', { session }));
  const overview = async () => json<SectionsOverview>(await call(site, 'GET', '/api/owner/sections', { session }));
  /** what an import leaves behind it in the store's folder: nothing but kept releases */
  const incoming = () =>
    readdirSync(path.join(site.storage.DATA_DIR ?? '', 'releases')).filter((name) => name.startsWith('.incoming-'));

  it('imports a served build: 201, a release uploaded by the owner, listed, its history row; the same build again is 200', async () => {
    const response = await importUrl(entryOf(about2));
    expect(response.status).toBe(201);
    const release = await json<SectionRelease>(response);
    expect(release).toMatchObject({
      section: 'about',
      version: 'about-2',
      uploadedBy: { kind: 'owner' },
      note: `from ${entryOf(about2)}`,
      ok: true,
      live: false,
    });
    expect(release.checks.map((check) => [check.name, check.outcome])).toEqual(
      expect.arrayContaining([
        ['archive', 'passed'],
        ['routes', 'passed'],
      ]),
    );
    expect((await releases()).map((listed) => listed.id)).toContain(release.id);
    expect((await overview()).history[0]).toMatchObject({
      section: 'about',
      action: 'release imported',
      to: release.entryUrl,
      note: `about-2: from ${entryOf(about2)}`,
      by: 'the owner',
    });
    // its files are served as any release's, the file list among them
    const listed = await fetch(`${site.baseUrl}/sections/about/${release.id}/${releaseFileListName}`);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({
      files: expect.arrayContaining([expect.objectContaining({ path: 'remoteEntry.js' })]),
    });
    if (testStorage === 'postgres') {
      // replicas share the database: the archive is kept in the row, as the first start's is
      const [row] = await site.database.query<{ archive: Uint8Array | null }>(
        'select archive from section_releases where section = $1 and id = $2',
        ['about', release.id],
      );
      expect(row?.archive?.length).toBeGreaterThan(100);
    }

    const again = await importUrl(entryOf(about2));
    expect(again.status).toBe(200);
    expect((await json<SectionRelease>(again)).id).toBe(release.id);
    expect((await releases()).filter((listed) => listed.version === 'about-2')).toHaveLength(1);
    expect(incoming()).toEqual([]);
  });

  it('previews, promotes and rolls back an imported release: pages use it, then the one before', async () => {
    const imported = (await releases()).find((release) => release.version === 'about-2');
    if (!imported) throw new Error('no imported release');
    const previewed = await call(site, 'POST', `/api/owner/sections/about/releases/${imported.id}/preview`, {
      session,
    });
    expect(previewed.status).toBe(200);
    const link = await json<PreviewLink>(previewed);
    const { cookie, location } = await openPreview(site, link.previewUrl);
    expect(location).toBe('/about');
    expect((await page(site, '/about', cookie)).builds).toContain('about=about-2');
    expect((await page(site, '/about')).builds).toContain('about=about-1');
    expect(
      (await call(site, 'POST', '/api/owner/sections/about/releases/0123456789abcdef/preview', { session })).status,
    ).toBe(404);

    const promoted = await call(site, 'POST', `/api/owner/sections/about/releases/${imported.id}/promote`, { session });
    expect(promoted.status).toBe(200);
    const live = await page(site, '/about');
    expect([live.status, live.builds]).toEqual([200, expect.stringContaining('about=about-2')]);

    const rolledBack = await call(site, 'POST', '/api/owner/sections/about/roll-back', { session });
    expect(rolledBack.status).toBe(200);
    const back = await page(site, '/about');
    expect([back.status, back.builds]).toEqual([200, expect.stringContaining('about=about-1')]);
    const history = (await json<SectionsOverview>(rolledBack)).history.filter((change) => change.section === 'about');
    expect(history.slice(0, 2).map((change) => change.action)).toEqual(['roll back', 'promote']);
    expect(history[1]?.to).toBe(imported.entryUrl);
  }, 90_000);

  describe('refuses what a broken or hostile host serves (422, nothing kept)', () => {
    const entry = '/* entry */';
    const good = { 'remoteEntry.js': entry };
    const cases: Array<[string, Record<string, (res: ServerResponse) => void>, RegExp]> = [
      ['no file list', { '/build/remoteEntry.js': send(entry) }, /release-files\.json" answered 404/],
      ['a list that is not JSON', { '/build/release-files.json': send('{ files: [') }, /is not JSON/],
      [
        'a list of the wrong shape',
        { '/build/release-files.json': send({ files: [{ path: 'remoteEntry.js', bytes: -1, sha256: 'x' }] }) },
        /is not a file list/,
      ],
      [
        'a path that climbs out with ..',
        {
          '/build/release-files.json': send({ files: [...listOf(good).files, ...listOf({ '../../x.js': 'x' }).files] }),
        },
        /climbs out of the release/,
      ],
      [
        'an absolute path',
        {
          '/build/release-files.json': send({
            files: [...listOf(good).files, ...listOf({ '/etc/passwd': 'x' }).files],
          }),
        },
        /is an absolute path/,
      ],
      [
        'more files than a release may hold',
        {
          '/build/release-files.json': send({
            files: Array.from({ length: releaseArchiveLimits.maxEntries + 1 }, (_, i) => ({
              path: `f${i}.js`,
              bytes: 1,
              sha256: sha256('x'),
            })),
          }),
        },
        /lists over 2000 files/,
      ],
      [
        'more bytes announced than a release may hold',
        {
          '/build/release-files.json': send({
            files: [{ path: 'remoteEntry.js', bytes: releaseArchiveLimits.maxUnpackedBytes + 1, sha256: sha256('x') }],
          }),
        },
        /over the 60 MB a release may hold/,
      ],
      [
        'a file that sends more than its list says',
        {
          '/build/release-files.json': send(listOf(good)),
          '/build/remoteEntry.js': send(`${entry}${'x'.repeat(100_000)}`),
        },
        /"remoteEntry\.js" sends more than the 11 bytes/,
      ],
      [
        'a file whose content does not match its SHA-256',
        { '/build/release-files.json': send(listOf(good)), '/build/remoteEntry.js': send('/* other */') },
        /"remoteEntry\.js" does not match its SHA-256/,
      ],
      [
        'a listed file that 404s',
        {
          '/build/release-files.json': send(listOf({ ...good, 'chunk.js': 'x' })),
          '/build/remoteEntry.js': send(entry),
        },
        /"chunk\.js" answered 404/,
      ],
      [
        'a list that does not name the entry',
        { '/build/release-files.json': send(listOf({ 'other.js': 'x' })), '/build/other.js': send('x') },
        /does not list the entry, "remoteEntry\.js"/,
      ],
      [
        'a redirect',
        {
          '/build/release-files.json': (res) => res.writeHead(302, { Location: '/elsewhere/release-files.json' }).end(),
          '/elsewhere/release-files.json': send(listOf(good)),
        },
        /answered a redirect \(302\): an import follows none/,
      ],
      [
        'a build whose checks fail (no server manifest)',
        { '/build/release-files.json': send(listOf(good)), '/build/remoteEntry.js': send(entry) },
        /^The release was refused\. archive: /,
      ],
    ];
    for (const [what, routes, message] of cases)
      itOnOneStorage(what, async () => {
        const hostile = await serveRoutes(routes);
        try {
          const before = (await releases()).length;
          const response = await importUrl(hostile.entry);
          expect(response.status).toBe(422);
          const refused = await json<ReleaseRefused>(response);
          expect(refused.message).toMatch(message);
          expect(refused.checks.some((check) => check.outcome === 'failed')).toBe(true);
          expect((await releases()).length).toBe(before);
          expect(incoming()).toEqual([]);
        } finally {
          await hostile.close();
        }
      });

    itOnOneStorage(
      'a file refused while others are still arriving: its reason answered, and nothing written after (a real build has ~100 files)',
      async () => {
        // the entry is refused at once; the 40 others answer a moment later, while the import is still fetching
        const files: Record<string, string> = { 'remoteEntry.js': entry };
        for (let i = 0; i < 40; i += 1) files[`chunk-${i}.js`] = `/* chunk ${i} */`;
        const routes: Record<string, (res: ServerResponse) => void> = {
          '/build/release-files.json': send(listOf(files)),
          '/build/remoteEntry.js': send('/* other */'),
        };
        // every chunk asked is answered after 300 ms; `answered` settles once all those asked have been
        const late: Array<Promise<void>> = [];
        for (let i = 0; i < 40; i += 1)
          routes[`/build/chunk-${i}.js`] = (res) =>
            late.push(
              new Promise((resolve) =>
                setTimeout(() => {
                  send(files[`chunk-${i}.js`] ?? '')(res);
                  resolve();
                }, 300),
              ),
            );
        const hostile = await serveRoutes(routes);
        try {
          const response = await importUrl(hostile.entry);
          expect(response.status).toBe(422);
          expect((await json<ReleaseRefused>(response)).message).toMatch(
            /"remoteEntry\.js" does not match its SHA-256/,
          );
          expect(late.length).toBeGreaterThan(0);
          await Promise.all(late);
          // had an answer that came after the refusal been written, its folder would be here again
          await new Promise((resolve) => setImmediate(resolve));
          expect(incoming()).toEqual([]);
        } finally {
          await hostile.close();
        }
      },
    );

    itOnOneStorage('a host that never answers, within the time limit (RELEASE_IMPORT_MS, 3 s here)', async () => {
      const hung = await serveRoutes({ '/build/release-files.json': () => undefined });
      try {
        const started = Date.now();
        const response = await importUrl(hung.entry);
        expect(response.status).toBe(422);
        expect((await json<ReleaseRefused>(response)).message).toMatch(
          /The import took over 3 s \(RELEASE_IMPORT_MS\), the most it may take\./,
        );
        expect(Date.now() - started).toBeLessThan(15_000);
        expect(incoming()).toEqual([]);
      } finally {
        await hung.close();
      }
    });

    itOnOneStorage('a host that is not there', async () => {
      const response = await importUrl('http://127.0.0.1:9/build/remoteEntry.js');
      expect(response.status).toBe(422);
      expect((await json<ReleaseRefused>(response)).message).toMatch(/could not be fetched/);
    });
  });

  itOnOneStorage('answers a malformed body or a URL that is no http(s) URL with a 400', async () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://127.0.0.1/remoteEntry.js', '//evil/x.js']) {
      const response = await importUrl(url);
      expect([url, response.status]).toEqual([url, 400]);
    }
    for (const body of [{}, { url: 5 }, { url: '' }, { url: 'http://x/remoteEntry.js', extra: 1 }]) {
      const response = await call(site, 'POST', '/api/owner/sections/about/releases/import', { session, body });
      expect([body, response.status]).toEqual([body, 400]);
    }
    expect((await importUrl(entryOf(about2), 'nowhere')).status).toBe(404);
  });

  itOnOneStorage('needs the owner session (401) and the site origin (403), for an import and a preview', async () => {
    const [release] = await releases();
    for (const [urlPath, body] of [
      ['/api/owner/sections/about/releases/import', { url: entryOf(about2) }],
      [`/api/owner/sections/about/releases/${release?.id}/preview`, undefined],
    ] as const) {
      expect((await call(site, 'POST', urlPath, { body })).status).toBe(401);
      expect((await call(site, 'POST', urlPath, { session, body, origin: 'http://evil.example' })).status).toBe(403);
      expect((await call(site, 'POST', urlPath, { session, body, origin: null })).status).toBe(403);
    }
  });
});
