import { spawn, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { defaultRemotesConfig } from '@portfolio/parts';
import type { ReleaseRefused, ReleaseUploaded } from '@portfolio/contracts/section-releases';
import { fakeSite } from './fake-site.js';
import { healthProber, type HealthProber } from './health-prober.js';
import { call, candidateBuild, json, startOwnerSite, type OwnerSite } from './owner-site.js';
import { newToken, upload } from './release-client.js';
import { folderEntries, tarGz } from './tar-archive.js';

// The hostile-release suite, the boundary's rows of issue 25's table (1, 2, 7, 9, 13, 16): each attack is a release
// a section's developer uploads with the section's deploy token, whose server code the upload's own checks run in
// a renderer (the stand-in render module runs a server entry as the federation runtime does). Each is refused,
// contained or harmless, and the site answers throughout. Which layer stops what: renderer-sandbox.spec.ts.

/** What each attack's code starts with: outcomes as words, and the page that shows them. */
const prelude = `
const tryIt = async (what) => { try { const value = await what(); return value === undefined ? 'ok' : String(value).slice(0, 120); } catch (error) { return error.code || error.message; } };
const connects = (make) => new Promise((resolve) => {
  try { make().on('connect', () => resolve('connected')).on('error', (error) => resolve(error.code)); }
  catch (error) { resolve(error.code || error.message); }
});
const shown = (report) => '<pre id="report">' + JSON.stringify(report) + '</pre>';
`;

/** What a renderer may allocate beyond a bare one's start: renderer-sandbox.ts's renderMemoryMb. */
const renderMemoryMb = 128;

const reportIn = (html: string) =>
  JSON.parse(/<pre id="report">(.*?)<\/pre>/.exec(html)?.[1] ?? 'null') as Record<string, unknown> | null;

/** A loopback host of someone else's: it counts the connections it gets, and answers any with a script. */
async function foreignHost() {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.end(
      'HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nConnection: close\r\n\r\nexports.render = () => "FOREIGN";',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, connections: () => connections, close: () => server.close() };
}

describe("hostile releases: section code against the boundary (issue 25's rows 1, 2, 7, 9, 13, 16)", () => {
  const siteDir = fakeSite(defaultRemotesConfig(), true);
  let site: OwnerSite;
  let prober: HealthProber;
  let session: string;
  let token: string;
  let foreign: Awaited<ReturnType<typeof foreignHost>>;
  /** another process of the server's user, which section code must not be able to end */
  let bystander: ChildProcess;
  /** the X-Request-Id of every request the API's server received */
  const requestIds: string[] = [];
  /** what the server logged as errors (a renderer's end says why) */
  const errors: string[] = [];
  const logError = console.error;
  let builds = 0;

  beforeAll(async () => {
    console.error = (...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
      logError(...args);
    };
    site = await startOwnerSite(siteDir);
    prober = healthProber(site.baseUrl);
    site.nest
      .getHttpServer()
      .on('request', (req: IncomingMessage) => requestIds.push(String(req.headers['x-request-id'])));
    session = await site.logIn();
    token = (await newToken(site, session, 'about')).secret;
    foreign = await foreignHost();
    bystander = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
    // the other section's page the attacks' visitor asks for, once as a first visitor would (it waits for the
    // renderers' start): at load 21 the first attack's first visit came while the renderers of a site started a
    // moment before were still starting, and got the frame (503) after rendererWaitMs, which is no attack's doing
    await (await fetch(`${site.baseUrl}/projects`)).arrayBuffer();
  });
  afterAll(async () => {
    console.error = logError;
    bystander.kill('SIGKILL');
    foreign.close();
    await prober.close();
    await site.close();
  });

  /** The About section's build with this server code (and a manifest changed by `manifest`), uploaded with its token. */
  function uploaded(serverCode: string, manifest?: (written: Record<string, unknown>, dist: string) => void) {
    builds += 1;
    const dist = candidateBuild(siteDir, 'about', `hostile-${builds}`, undefined, serverCode);
    if (manifest) {
      const file = path.join(dist, 'server/manifest.json');
      const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      manifest(written, dist);
      writeFileSync(file, JSON.stringify(written));
    }
    return upload(site, 'about', tarGz(folderEntries(dist)), token);
  }

  /** The cookie an uploaded release's preview link sets, as its developer opens the link. */
  async function previewCookie(release: ReleaseUploaded): Promise<string> {
    // the link is on the preview origin (localhost:<preview port>), which this machine reaches at 127.0.0.1
    const opened = await fetch(`${site.previewBaseUrl}${new URL(release.previewUrl).pathname}`, { redirect: 'manual' });
    const set = opened.headers.getSetCookie().find((cookie) => cookie.startsWith('section_preview=')) ?? '';
    return /^section_preview=[^;]+/.exec(set)?.[0] ?? '';
  }

  /**
   * A page of an uploaded release, through its preview link (on the preview origin): the first answer, rendered by
   * its renderer (the stand-in render module names its process in the page; the browser's page has no such mark).
   */
  async function previewed(release: ReleaseUploaded, pagePath: string) {
    const cookie = await previewCookie(release);
    const response = await fetch(`${site.previewBaseUrl}${pagePath}`, { headers: { Cookie: cookie } });
    const html = await response.text();
    expect(html).toContain('data-pid="');
    return { response, html };
  }

  /**
   * Runs `attack` while /api/health is asked in a thread of its own (health-prober.ts) and a visitor asks for
   * another section's page, one request after another: the statuses of the page, and what the prober saw.
   */
  async function whileAttacking<T>(attack: () => Promise<T>) {
    const state = { attacking: true };
    const statuses: number[] = [];
    const visitor = (async () => {
      while (state.attacking) {
        const other = await fetch(`${site.baseUrl}/projects?while-attacked=${statuses.length}`);
        statuses.push(other.status);
        await other.text();
      }
    })();
    const { result, probed } = await prober.during(async () => {
      try {
        return await attack();
      } finally {
        state.attacking = false;
        await visitor;
      }
    });
    console.log(
      `under attack: /api/health answered ${probed.answers} times (${probed.failures} not 200), at worst in ${probed.slowestMs} ms; /projects ${statuses.length} times`,
    );
    expect(probed.failures).toBe(0);
    expect(probed.answers).toBeGreaterThan(0);
    return { result, statuses };
  }

  const expectAnswering = (statuses: number[]) => {
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
  };

  it('row 1: a signal to the server (SIGUSR1 opens its inspector) is refused, and no inspector is reached', async () => {
    const code = `${prelude}
      const report = (async () => ({
        usr1: await tryIt(() => process.kill(process.ppid, 'SIGUSR1')),
        debugProcess: await tryIt(() => process._debugProcess(process.ppid)),
        inspector: await connects(() => require('node:net').connect(9229, '127.0.0.1')),
        inspectorThroughAHandle: await connects(() => new (process.stdout.constructor)().connect(9229, '127.0.0.1')),
      }))();
      exports.render = async () => shown(await report);`;
    const { result, statuses } = await whileAttacking(async () => {
      const response = await uploaded(code);
      expect(response.status).toBe(201);
      return reportIn((await previewed(await json<ReleaseUploaded>(response), '/about')).html);
    });
    expect(result).toEqual({
      usr1: 'ERR_ACCESS_DENIED',
      debugProcess: 'ERR_ACCESS_DENIED',
      inspector: 'ERR_ACCESS_DENIED',
      inspectorThroughAHandle: 'ERR_ACCESS_DENIED',
    });
    // this process is the server: no inspector was opened in it
    expect(inspector.url()).toBeUndefined();
    expectAnswering(statuses);
  });

  it('row 2: process.send(null), a kill of the server or of any process, garbage on its channel: the renderer ends, nothing else', async () => {
    const code = `${prelude}
      process.send?.(null);
      for (const pid of [process.ppid, ${bystander.pid}]) try { process.kill(pid, 'SIGKILL'); } catch {}
      require('fs').writeSync(3, 'null\\n');
      exports.render = () => 'still here';`;
    const { result, statuses } = await whileAttacking(() => uploaded(code));
    // its checks found a renderer that broke the protocol: refused
    expect(result.status).toBe(422);
    const refused = await json<ReleaseRefused>(result);
    expect(refused.checks.find((check) => check.name === 'routes')).toMatchObject({
      outcome: 'failed',
      detail: expect.stringMatching(/could not be loaded in the sandbox/) as unknown,
    });
    expect(errors.some((line) => /it sent a message that is not a renderer's .*it is ended/.test(line))).toBe(true);
    expect(bystander.exitCode).toBeNull();
    expect(process.kill(bystander.pid ?? 0, 0)).toBe(true);
    expectAnswering(statuses);
  });

  it("row 7: Buffers and WebAssembly memory stop at the renderer's cap; the server's memory does not move", async () => {
    const code = `${prelude}
      exports.render = ({ url }) => {
        if (!url.endsWith('/about/hog-memory')) return '';
        const held = []; let buffersMb = 0; let wasmMb = 0;
        try { for (;;) { held.push(Buffer.alloc(16 * 1024 * 1024, 1)); buffersMb += 16; } } catch {}
        try { const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 }); held.push(memory); for (;;) { memory.grow(256); wasmMb += 16; } } catch {}
        const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
        held.length = 0;
        return shown({ buffersMb, wasmMb, rssMb });
      };`;
    const response = await uploaded(code);
    expect(response.status).toBe(201);
    const release = await json<ReleaseUploaded>(response);
    // its renderer runs (the checks started it): the hog gets it, at its first request
    await previewed(release, '/about');
    const cookie = await previewCookie(release);
    const rss = process.memoryUsage().rss;
    const { result, statuses } = await whileAttacking(async () => {
      const hog = await fetch(`${site.previewBaseUrl}/about/hog-memory`, { headers: { Cookie: cookie } });
      return { status: hog.status, html: await hog.text() };
    });
    const report = reportIn(result.html) as { buffersMb: number; wasmMb: number; rssMb: number } | null;
    // the renderer answered with what it got (200), or V8 ran out of memory first: the frame with the section
    // unavailable (503), the browser's to try
    expect(result.status).toBe(report ? 200 : 503);
    if (report) {
      expect(report.buffersMb + report.wasmMb).toBeLessThan(renderMemoryMb);
      console.log(
        `a render that hogs memory got ${report.buffersMb} MB of Buffers, then ${report.wasmMb} MB of WebAssembly`,
      );
    } else expect(errors.some((line) => /hostile-\d+\) renderer/.test(line))).toBe(true);
    expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
    expectAnswering(statuses);
  });

  it('row 7: a renderer that spins between renders is ended', async () => {
    const code = `${prelude}
      let spinning = false;
      exports.render = ({ url }) => {
        if (url.endsWith('/about/spin') && !spinning) {
          spinning = true;
          setInterval(() => { const until = Date.now() + 800; while (Date.now() < until); }, 900);
        }
        return '';
      };`;
    const response = await uploaded(code);
    expect(response.status).toBe(201);
    const release = await json<ReleaseUploaded>(response);
    const logged = new Promise<string>((resolve) => {
      const error = console.error;
      console.error = (...args: unknown[]) => {
        const line = args.map(String).join(' ');
        if (line.includes('between renders; it is ended')) {
          console.error = error;
          resolve(line);
        }
        error(...args);
      };
    });
    const { result, statuses } = await whileAttacking(async () => {
      await previewed(release, '/about/spin');
      return logged;
    });
    expect(result).toMatch(/hostile-\d+\) renderer: it kept its main thread busy \d+ ms of \d+ between renders/);
    expectAnswering(statuses);
  });

  it('row 9: a server entry on another host is refused at upload, and nothing is fetched from it', async () => {
    const entry = `//127.0.0.1:${foreign.port}/x.js`;
    const response = await uploaded('', (manifest, dist) => {
      manifest.serverEntry = entry;
      // a file where a path join would look for it: the red team's way past the old check
      mkdirSync(path.join(dist, `server/127.0.0.1:${foreign.port}`), { recursive: true });
      writeFileSync(path.join(dist, `server/127.0.0.1:${foreign.port}/x.js`), '/* routes: about */');
    });
    expect(response.status).toBe(422);
    expect((await json<ReleaseRefused>(response)).checks).toEqual([
      {
        name: 'archive',
        outcome: 'failed',
        detail: `Its server entry (${entry}) is not a file of the archive beside server/manifest.json.`,
      },
    ]);
    expect(foreign.connections()).toBe(0);
  });

  it("row 9: chunks from outside the release's own files are refused, from another host or another release", async () => {
    const code = `${prelude}
      const report = (async () => ({
        foreignChunk: await tryIt(async () => (await fetch('http://127.0.0.1:${foreign.port}/chunk.js')).text()),
        anotherRelease: await tryIt(async () => (await fetch('${site.baseUrl}/sections/about/0123456789abcdef/server/remoteEntry.js')).text()),
        https: await tryIt(() => require('node:https').get('https://another.host/x.js')),
        socket: await connects(() => new (process.stdout.constructor)().connect(${foreign.port}, '127.0.0.1')),
      }))();
      exports.render = async () => shown(await report);`;
    const response = await uploaded(code);
    expect(response.status).toBe(201);
    const report = reportIn((await previewed(await json<ReleaseUploaded>(response), '/about')).html);
    expect(report).toEqual({
      foreignChunk: expect.stringMatching(/not a file of the build's server folder/) as unknown,
      anotherRelease: expect.stringMatching(/not a file of the build's server folder/) as unknown,
      https: 'ERR_ACCESS_DENIED',
      socket: 'ERR_ACCESS_DENIED',
    });
    expect(foreign.connections()).toBe(0);
  });

  it('row 13: a renderer cannot reach the API as a proxy would (X-Forwarded-For, X-Request-Id): it has no network', async () => {
    const port = new URL(site.baseUrl).port;
    const headers = { 'X-Forwarded-For': '6.6.6.6', 'X-Request-Id': 'from-a-renderer' };
    const code = `${prelude}
      const report = (async () => ({
        http: await tryIt(() => require('node:http').get({ host: '127.0.0.1', port: ${port}, path: '/api/health', headers: ${JSON.stringify(headers)} })),
        fetch: await tryIt(() => fetch('http://127.0.0.1:${port}/api/health', { headers: ${JSON.stringify(headers)} })),
        socket: await connects(() => new (process.stdout.constructor)().connect(${port}, '127.0.0.1')),
      }))();
      exports.render = async () => shown(await report);`;
    const response = await uploaded(code);
    expect(response.status).toBe(201);
    const report = reportIn((await previewed(await json<ReleaseUploaded>(response), '/about')).html);
    expect(report).toEqual({
      http: 'ERR_ACCESS_DENIED',
      // the server's file service: /api/health is no script of its build
      fetch: 'it is not a script',
      socket: 'ERR_ACCESS_DENIED',
    });
    expect(requestIds).not.toContain('from-a-renderer');
  });

  it("row 16: sitemap paths and redirects a section answers stay on the site's origin", async () => {
    // pages and the sitemap are on the public origin (SITE_URL, here http://localhost:<port>)
    const origin = `http://localhost:${new URL(site.baseUrl).port}`;
    const code = `${prelude}
      exports.page = ({ url }) => {
        const { pathname } = new URL(url);
        if (pathname === '/about/away') return { status: 302, location: 'https://evil.example/' };
        if (pathname === '/about/scheme-relative') return { status: 301, location: '//evil.example/x' };
        if (pathname === '/about/on-site') return { status: 302, location: '${origin}/projects' };
        return undefined;
      };
      exports.sitemapPaths = () => ['//evil.example/a', 'https://evil.example/b', '/\\\\evil.example/c', '/about/its-own', '/projects/project/999'];
      exports.render = () => '';`;
    const response = await uploaded(code);
    expect(response.status).toBe(201);
    const { release } = await json<ReleaseUploaded>(response);
    const promoted = await call(site, 'POST', `/api/owner/sections/about/releases/${release.id}/promote`, { session });
    expect(promoted.status).toBe(200);
    // its renderer's redirect on the site is sent as a path; the one off the site is never sent
    const onSite = await fetch(`${site.baseUrl}/about/on-site`, { redirect: 'manual' });
    expect([onSite.status, onSite.headers.get('location')]).toEqual([302, '/projects']);
    for (const away of ['/about/away', '/about/scheme-relative']) {
      const answer = await fetch(`${site.baseUrl}${away}`, { redirect: 'manual' });
      expect([away, answer.headers.get('location')]).toEqual([away, null]);
      expect(answer.status).not.toBe(302);
      expect(answer.status).not.toBe(301);
    }
    const sitemap = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');
    expect(locations).toContain(`${origin}/about/its-own`);
    for (const location of locations) expect(location.startsWith(`${origin}/`)).toBe(true);
    expect(locations).not.toContain(`${origin}/projects/project/999`);
  });
});
