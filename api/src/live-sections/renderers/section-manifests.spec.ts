import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { remoteNames, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import type { ReleaseFiles } from '../store/release-files.js';
import { buildsSignature, SectionManifests } from './section-manifests.js';

/** The server's own origin in these tests: nothing listens there, so a request of the server to itself would fail. */
const self = 'http://127.0.0.1:9';
/** Two releases of the site's own, kept in a store (its files as an upload leaves them); any other is not kept. */
const homeRelease = '0123456789abcdef';
const notKept = 'fedcba9876543210';
const storeRoot = mkdtempSync(path.join(tmpdir(), 'portfolio-store-'));
mkdirSync(path.join(storeRoot, 'home', homeRelease, 'server'), { recursive: true });
writeFileSync(
  path.join(storeRoot, 'home', homeRelease, 'server/manifest.json'),
  JSON.stringify({ version: 'h9', serverEntry: 'remoteEntry.h9.js', browserEntry: '../remoteEntry.h9.js', styles: [] }),
);
const store = {
  file: (name: string, id: string, file: string) => {
    const found = path.join(storeRoot, name, id, file);
    return Promise.resolve(existsSync(found) ? { path: found, bytes: 1 } : null);
  },
} as unknown as ReleaseFiles;
const manifests = (refreshMs: number, sectionOriginsForServer: Record<string, string> = {}) =>
  new SectionManifests({ sectionRefreshMs: refreshMs, sectionOriginsForServer }, store);

/** Every look-up `builds` starts, background ones included, so a test can wait for them rather than for a time. */
function watched(builds: SectionManifests) {
  const lookUps: Array<Promise<unknown>> = [];
  const target = builds as unknown as { lookUp: (...args: unknown[]) => Promise<unknown> };
  const lookUp = target.lookUp.bind(builds);
  target.lookUp = (...args) => {
    const done = lookUp(...args);
    lookUps.push(done);
    return done;
  };
  return { builds, lookUps };
}
/** Once every look-up has ended and the cache has taken its answer (a turn of the event loop after the promises). */
const settled = async (lookUps: Array<Promise<unknown>>) => {
  await Promise.all(lookUps);
  await new Promise((resolve) => setImmediate(resolve));
};

/** A static host with one server manifest per section folder; `versions` can change between requests. */
async function sectionHost(versions: Record<string, string | null>) {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const name = /^\/(\w+)\/server\/manifest\.json$/.exec(req.url ?? '')?.[1] ?? '';
    const version = versions[name];
    if (!version) return void res.writeHead(404).end();
    const etag = `"${version}"`;
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
    const manifest = {
      version,
      serverEntry: `remoteEntry.${version}.js`,
      browserEntry: `../remoteEntry.${version}.js`,
      styles: [`../routes.${version}.css`],
    };
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(JSON.stringify(manifest));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

const config = (url: (name: string) => string) =>
  Object.fromEntries(remoteNames.map((name) => [name, url(name)])) as RemotesConfig;

describe("finding each section's build from its URL", () => {
  const versions: Record<string, string | null> = { home: 'h1', about: 'a1', projects: 'p1', resume: null };
  let host: Awaited<ReturnType<typeof sectionHost>>;
  beforeAll(async () => {
    host = await sectionHost(versions);
  });
  afterAll(() => host.close());
  // a fake clock decides when a known build is old; the network, and the event loop's own turns, stay real
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    // the fake performance.now() starts at 0, which lru-cache takes for "no time": a real clock is never there
    jest.advanceTimersByTime(1);
  });
  afterEach(() => jest.useRealTimers());

  it("reads the server manifest beside remoteEntry.js or mf-manifest.json: a release of the site's own from its store", async () => {
    const builds = manifests(1000);
    host.seen.length = 0;
    const sections = await builds.builds(
      config((name) =>
        name === 'home'
          ? `/sections/home/${homeRelease}/remoteEntry.js`
          : name === 'resume'
            ? `/sections/resume/${notKept}/remoteEntry.js`
            : `${host.origin}/${name}/${name === 'about' ? 'mf-manifest.json' : 'remoteEntry.js'}`,
      ),
      self,
    );
    expect(sections).toEqual([
      // on the site's own origin: the page's URLs stay root-relative, the server's are absolute
      {
        name: 'home',
        version: 'h9',
        browserEntry: `/sections/home/${homeRelease}/remoteEntry.h9.js`,
        serverEntry: `${self}/sections/home/${homeRelease}/server/remoteEntry.h9.js`,
        styles: [],
      },
      {
        name: 'about',
        version: 'a1',
        browserEntry: `${host.origin}/about/remoteEntry.a1.js`,
        serverEntry: `${host.origin}/about/server/remoteEntry.a1.js`,
        styles: [`${host.origin}/about/routes.a1.css`],
      },
      expect.objectContaining({ name: 'projects', version: 'p1' }),
      {
        name: 'resume',
        url: `/sections/resume/${notKept}/remoteEntry.js`,
        error: 'it is not a file of a release this site keeps',
      },
    ]);
    // only the other host was asked, once per section there
    expect(host.seen.map((request) => request.url).sort()).toEqual([
      '/about/server/manifest.json',
      '/projects/server/manifest.json',
    ]);
  });

  it("fetches a browser origin's URLs from the origin the server reaches it at, and gives pages the browser's", async () => {
    // nothing listens on port 9: only the mapped origin can answer
    const browserOrigin = 'http://127.0.0.1:9';
    const builds = manifests(1000, { [browserOrigin]: host.origin });
    const [home] = await builds.builds(
      config((name) => `${browserOrigin}/${name}/mf-manifest.json`),
      self,
    );
    expect(home).toEqual({
      name: 'home',
      version: 'h1',
      browserEntry: `${browserOrigin}/home/remoteEntry.h1.js`,
      serverEntry: `${host.origin}/home/server/remoteEntry.h1.js`,
      styles: [`${browserOrigin}/home/routes.h1.css`],
    });
  });

  it('answers from what it knows and looks again in the background once that is older than the refresh time', async () => {
    const { builds, lookUps } = watched(manifests(300));
    const onHost = config((name) => `${host.origin}/${name}/remoteEntry.js`);
    const version = async () => (await builds.builds(onHost, self))[2];
    expect(await version()).toMatchObject({ version: 'p1' });
    expect(lookUps).toHaveLength(remoteNames.length);

    versions.projects = 'p2';
    jest.advanceTimersByTime(299);
    expect(await version()).toMatchObject({ version: 'p1' });
    expect(lookUps).toHaveLength(remoteNames.length); // not old yet: nothing fetched
    jest.advanceTimersByTime(2);
    expect(await version()).toMatchObject({ version: 'p1' }); // this request starts the look-up, and does not wait
    expect(lookUps).toHaveLength(2 * remoteNames.length);
    await settled(lookUps);
    // ...which the next request sees once it has finished
    expect(await version()).toMatchObject({ version: 'p2' });
    versions.projects = 'p1';
  });

  it('asks with the last ETag, so an unchanged section costs a 304', async () => {
    const { builds, lookUps } = watched(manifests(10));
    const onHost = config((name) => `${host.origin}/${name}/remoteEntry.js`);
    await builds.builds(onHost, self);
    host.seen.length = 0;
    jest.advanceTimersByTime(11);
    await builds.builds(onHost, self);
    await settled(lookUps);
    const home = host.seen.find((request) => request.url === '/home/server/manifest.json');
    expect(home?.headers['if-none-match']).toBe('"h1"');
    expect((await builds.builds(onHost, self))[0]).toMatchObject({ version: 'h1' });
  });

  it('reads one section afresh for a check, or says in a sentence what could not be read', async () => {
    const builds = manifests(1000);
    const read = await builds.read('about', `${host.origin}/about/remoteEntry.js`, self);
    expect(read).toEqual({ build: expect.objectContaining({ version: 'a1' }), builtAt: null });
    await expect(builds.read('resume', `${host.origin}/resume/remoteEntry.js`, self)).rejects.toThrow(
      `Its server build's manifest (${host.origin}/resume/server/manifest.json) could not be read: it answered 404.`,
    );
    expect(await builds.read('home', `/sections/home/${homeRelease}/remoteEntry.js`, self)).toEqual({
      build: expect.objectContaining({ version: 'h9' }),
      builtAt: null,
    });
    // a path of the server's own that is no release names no build: it is not asked over HTTP
    await expect(builds.read('home', '/home/remoteEntry.js', self)).rejects.toThrow(
      "Its server build's manifest (/home/server/manifest.json) could not be read: it is not a file of a release this site keeps.",
    );
  });

  it('takes a manifest that is not a server manifest, or a host that is down, as a missing build', async () => {
    const builds = manifests(1000);
    const sections = await builds.builds(
      config((name) =>
        name === 'home' ? 'http://127.0.0.1:8/home/remoteEntry.js' : `${host.origin}/not-a-section/${name}/x.js`,
      ),
      self,
    );
    expect(sections.map((section) => ('error' in section ? 'missing' : section.version))).toEqual([
      'missing',
      'missing',
      'missing',
      'missing',
    ]);
  });
});

describe('the signature of a set of builds', () => {
  const build = {
    name: 'home' as const,
    version: 'h1',
    browserEntry: '/home/remoteEntry.h1.js',
    serverEntry: '',
    styles: [],
  };

  it('changes with a version, and with the URL the same build is served from', () => {
    const signature = buildsSignature([build]);
    expect(buildsSignature([{ ...build }])).toBe(signature);
    expect(buildsSignature([{ ...build, version: 'h2' }])).not.toBe(signature);
    expect(buildsSignature([{ ...build, browserEntry: 'https://cdn.example/remoteEntry.h1.js' }])).not.toBe(signature);
    expect(buildsSignature([{ name: 'home', url: '/home/remoteEntry.js', error: 'down' }])).not.toBe(signature);
  });
});
