import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { defaultRemotesConfig, remoteByName } from '@portfolio/parts';
import type { SectionBuild } from '@portfolio/contracts/page-render';
import { LiveSections, rendererWaitMs } from '../src/live-sections/live-sections.service.js';
import { load, starveChildren } from './starved-children.js';
import { fakeSite, onCdn, writeSectionBuild } from './fake-site.js';
import { serveFolder, type FolderServer } from './owner-site.js';
import { startApp, type RunningApp } from './start-app.js';
import { itOnOneStorage, newStorage } from './test-storage.js';

// Section code is hostile here: each fault of the red team's table, and a spy. The stand-in render module runs
// a section's server entry as the federation runtime does, in the section's sandboxed renderer process.

const secret = `secret-${randomBytes(8).toString('hex')}`;

/** The About section's server code: what its render does depends on the page's path. */
const hostileAbout = (dataDir: string, siteDir: string) => `
const tryIt = (what) => { try { return String(what()).slice(0, 200); } catch (error) { return 'refused: ' + (error.code || error.message); } };
exports.render = ({ url }) => {
  const where = new URL(url).pathname;
  if (where === '/about/throw') throw new Error('the About section broke: ${secret}');
  if (where === '/about/loop') for (;;);
  if (where === '/about/hog') { const held = []; for (;;) held.push(new Array(100000).fill(held.length)); }
  if (where !== '/about/spy') return '';
  const fs = require('node:fs');
  const report = {
    env: Object.keys(process.env),
    envText: JSON.stringify(process.env),
    dataDir: tryIt(() => fs.readdirSync(${JSON.stringify(dataDir)}).join(',')),
    dataFile: tryIt(() => fs.readFileSync(${JSON.stringify(path.join(dataDir, 'secret.txt'))}, 'utf8')),
    passwd: tryIt(() => fs.readFileSync('/etc/passwd', 'utf8')),
    repo: tryIt(() => fs.readFileSync(${JSON.stringify(path.resolve('package.json'))}, 'utf8')),
    write: tryIt(() => fs.writeFileSync(${JSON.stringify(path.join(siteDir, 'shell/dist/remotes.json'))}, '{}')),
    writeTmp: tryIt(() => fs.writeFileSync('/tmp/sandbox-was-here', 'x')),
    spawn: tryIt(() => require('node:child_process').spawnSync('/bin/sh', ['-c', 'echo spawned']).stdout),
    worker: tryIt(() => new (require('node:worker_threads').Worker)('1', { eval: true })),
    database: tryIt(() => process.env.DATABASE_URL || fs.readdirSync(${JSON.stringify(path.join(dataDir, 'db'))}).join(',')),
  };
  return '<pre id="spy">' + JSON.stringify(report) + '</pre>';
};`;

/** A section's server entry on another origin that is not JavaScript: a 404 page, or HTML with a 200. */
async function notScriptHost(): Promise<{ url: string; close: () => void }> {
  const body = "exports.render = () => 'RAN-THE-404-BODY';";
  const server: Server = createServer((req, res) => {
    const manifest = {
      version: 'resume-x',
      serverEntry: 'remoteEntry.resume-x.js',
      browserEntry: '../b.js',
      styles: [],
    };
    if (req.url === '/server/manifest.json') res.writeHead(200, { 'Content-Type': 'application/json' });
    else if (req.url === '/server/remoteEntry.resume-x.js') res.writeHead(404, { 'Content-Type': 'text/html' });
    else res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(req.url === '/server/manifest.json' ? JSON.stringify(manifest) : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** How long a request takes, with its answer. */
async function timed(url: string) {
  const started = Date.now();
  const response = await fetch(url);
  const html = await response.text();
  return { ms: Date.now() - started, response, html };
}

const pidOf = (html: string) => /data-pid="(\d+)"/.exec(html)?.[1] ?? '';

// On PostgreSQL only the spy runs (the server's DATABASE_URL is a secret there): every other outcome is the renderer
// process's, whatever the storage.
describe("the renderer sandbox: section code without the server's secrets, its faults kept to its routes", () => {
  // the sections on a CDN of their own: remotes.json then names no release, so a test may point one elsewhere
  const siteDir = fakeSite({}, true);
  const remotesJson = path.join(siteDir, 'shell/dist/remotes.json');
  let cdn: FolderServer;
  let sections: ReturnType<typeof defaultRemotesConfig>;
  const aboutDist = path.join(siteDir, remoteByName('about').folder, 'dist');
  const storage = newStorage();
  const dataDir = storage.DATA_DIR ?? path.join(siteDir, 'data');
  let app: RunningApp;
  const secrets = {
    COOKIE_SECRET: secret,
    SMTP_URL: `smtp://u:${secret}@x`,
    RECAPTCHA_SECRET: secret,
    ...(storage.DATABASE_URL ? { DATABASE_URL: storage.DATABASE_URL } : {}),
  };
  const environmentBefore = Object.fromEntries(Object.keys(secrets).map((name) => [name, process.env[name]]));
  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'secret.txt'), secret);
    // what the server's own environment holds: none of it may reach section code
    Object.assign(process.env, secrets);
    writeSectionBuild(aboutDist, 'about-hostile', ['about'], hostileAbout(dataDir, siteDir));
    cdn = await serveFolder(siteDir);
    sections = onCdn(cdn.url);
    writeFileSync(remotesJson, JSON.stringify(sections));
    app = await startApp({
      ...storage,
      DATA_DIR: dataDir,
      SERVE_SITE: 'true',
      SITE_DIR: siteDir,
      SECTION_REFRESH_MS: '20',
    });
  });
  afterAll(async () => {
    await app.close();
    await cdn.close();
    // the specs loaded after this one in the same group (test/spec-group.ts) share this process's environment
    for (const [name, value] of Object.entries(environmentBefore))
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
  });
  const url = (pagePath: string) => `${app.baseUrl}${pagePath}`;

  it('gives section code no secret of the environment, no read of the data folder, the repo or /etc, no write, no child process', async () => {
    const { html } = await timed(url('/about/spy'));
    const report = JSON.parse(/<pre id="spy">(.*)<\/pre>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>;
    expect(html).not.toContain(secret);
    for (const name of report.env as string[]) expect(['NODE_ENV', 'TZ', 'LANG', 'MALLOC_ARENA_MAX']).toContain(name);
    for (const attempt of ['dataDir', 'dataFile', 'passwd', 'repo', 'write', 'writeTmp', 'spawn', 'worker', 'database'])
      expect([attempt, report[attempt]]).toEqual([attempt, 'refused: ERR_ACCESS_DENIED']);
  });

  itOnOneStorage(
    "answers a render that throws with the frame and the section's 'unavailable', never the section's error text",
    async () => {
      const { response, html } = await timed(url('/about/throw'));
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(html).toContain('data-unavailable="about"');
      expect(html).not.toContain(secret);
      expect(html).not.toContain('the About section broke');
    },
  );

  itOnOneStorage(
    "bounds a render that loops to its own route: the other sections' pages render on the server, fast, meanwhile",
    async () => {
      const before = pidOf((await timed(url('/about/before-the-loop'))).html);
      const looping = timed(url('/about/loop'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // the red team's table: p50 5.2 s while one worker rendered every section. Here the home page is the server's
      // while About's render loops: it answers before the loop is ended (the order, not a time, is asserted: on a
      // loaded host both take longer)
      let loopEnded = false;
      void looping.then(() => (loopEnded = true));
      const others: number[] = [];
      const other = await timed(url('/?while-about-loops'));
      expect([other.html.includes('<main'), loopEnded]).toEqual([true, false]);
      others.push(other.ms);
      for (let visit = 1; visit < 5; visit += 1) {
        const next = await timed(url(`/?while-about-loops=${visit}`));
        expect(next.html).toContain('<main');
        others.push(next.ms);
      }
      const loop = await looping;
      console.log(`a looping render answered in ${loop.ms} ms; the home page meanwhile: ${others.join(', ')} ms`);
      expect(loop.response.status).toBe(503);
      expect(loop.html).toContain('data-unavailable="about"');
      // ended, and started again by itself after its backoff (2 s after a first failure): the next page is its own
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const after = await timed(url('/about/after-the-loop'));
      expect(after.response.status).toBe(200);
      expect(pidOf(after.html)).not.toBe(before);
    },
  );

  itOnOneStorage(
    'ends a render that loops once it has used its 2 s of CPU time, on a loaded host too: the frame, 503',
    async () => {
      const errors: string[] = [];
      const logError = console.error;
      console.error = (...args: unknown[]) => {
        errors.push(args.map(String).join(' '));
        logError(...args);
      };
      // the renderers get a quarter of the wall clock (stopped 150 ms in every 200), as beside a busy loop on each
      // core at the default priority (they run 5 below it): 2 s of CPU take some 8 s on the wall clock
      const stop = starveChildren(50, 150);
      try {
        expect((await timed(url('/about/before-the-loop-under-load'))).response.status).toBe(200);
        const loop = await timed(url('/about/loop'));
        expect(loop.response.status).toBe(503);
        expect(loop.html).toContain('data-unavailable="about"');
        // ended by its CPU bound, or on a host so loaded that 2 s of CPU take longer, by the wall clock's (15 s):
        // either way having used at most its 2 s of CPU (the watchdog looks at most 50 ms apart near the bound)
        const ended = errors.find((line) => line.startsWith('Section about') && line.includes(' ms of CPU'));
        const cpuMs = Number(/(\d+) ms of CPU/.exec(ended ?? '')?.[1]);
        console.log(`a looping render on a loaded host (load ${load()}): answered in ${loop.ms} ms; ${ended ?? '?'}`);
        expect(ended).toMatch(/it used \d+ ms of CPU on one answer|it did not answer within 15000 ms/);
        expect(cpuMs).toBeLessThan(2500);
        if (ended?.includes('on one answer')) expect(cpuMs).toBeGreaterThanOrEqual(2000);
      } finally {
        await stop();
        console.error = logError;
      }
    },
  );

  itOnOneStorage(
    'ends a renderer at its memory cap, keeps the server bounded, and renders the next request in a fresh one',
    async () => {
      const before = pidOf((await timed(url('/about/before-the-hog'))).html);
      const rss = process.memoryUsage().rss;
      const hog = await timed(url('/about/hog'));
      console.log(`a render that allocates without bound answered in ${hog.ms} ms`);
      expect(hog.response.status).toBe(503);
      expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const after = await timed(url('/about/after-the-hog'));
      expect(after.response.status).toBe(200);
      expect(pidOf(after.html)).not.toBe(before);
      expect(pidOf(after.html)).not.toBe('');
    },
  );

  itOnOneStorage('never runs a server entry that is not JavaScript, in pages or in the route-id check', async () => {
    const host = await notScriptHost();
    try {
      writeFileSync(remotesJson, JSON.stringify({ ...sections, resume: `${host.url}/remoteEntry.js` }));
      // remotes.json is read again at once, the new URL's manifest at its first request: the page names its build
      const { response, html } = await timed(url('/resume'));
      expect(html).toContain('resume=resume-x');
      expect(html).not.toContain('RAN-THE-404-BODY');
      // its code never loaded: the renderer that could not load it says the section is unavailable
      expect(response.status).toBe(503);
      expect(html).toContain('data-code=""');
      const build = (serverEntry: string): SectionBuild => ({
        name: 'resume',
        version: 'x',
        serverEntry,
        browserEntry: `${host.url}/b.js`,
        styles: [],
      });
      const renderers = app.nest.get(LiveSections);
      for (const entry of ['/server/remoteEntry.resume-x.js', '/server/html-with-200.js']) {
        const found = await renderers.routeIds([build(`${host.url}${entry}`)]);
        expect(found.resume).toEqual({ error: expect.stringContaining('is not a script') as unknown });
      }
      // the check itself works in the sandbox: a good build's route ids
      const good = await renderers.routeIds([build(`${cdn.url}/mf-about/dist/server/remoteEntry.about-hostile.js`)]);
      expect(good.resume).toEqual({ routeIds: ['about'] });
    } finally {
      writeFileSync(remotesJson, JSON.stringify(sections));
      host.close();
    }
  });

  itOnOneStorage(
    'makes one visitor at most wait for a section whose code loops at import; the other sections render meanwhile',
    async () => {
      const projectsDist = path.join(siteDir, remoteByName('projects').folder, 'dist');
      writeSectionBuild(projectsDist, 'projects-stuck', ['projects', 'project'], 'for (;;);');
      try {
        // a build behind the same URL is read again in the background (stale-while-revalidate): the page asked
        // meanwhile is the build before's, and the next, well past SECTION_REFRESH_MS, names the stuck build
        expect((await timed(url('/projects/project/1'))).response.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 200));
        // the first visitor waits for its renderer to start, as long as a start may take (rendererWaitMs)
        const first = await timed(url('/projects/project/1'));
        expect([first.response.status, first.html.includes('data-unavailable="projects"')]).toEqual([503, true]);
        // then every visitor gets the frame, and the other sections' pages render (the stuck section spins one of
        // the two cores meanwhile; the red team's table: 20-30 s). Times are printed beside the load, not asserted.
        const times: string[] = [];
        for (let visit = 1; visit <= 5; visit += 1) {
          const stuck = await timed(url(`/projects/project/${visit}`));
          expect([stuck.response.status, stuck.html.includes('data-unavailable="projects"')]).toEqual([503, true]);
          const other = await timed(url(`/about/beside-the-stuck-${visit}`));
          expect([other.response.status, other.html.includes('<main')]).toEqual([200, true]);
          times.push(`${stuck.ms}/${other.ms}`);
        }
        console.log(
          `a section stuck at import: its first visitor answered in ${first.ms} ms (the wait is ${rendererWaitMs}); ` +
            `then stuck/other pages ${times.join(', ')} ms at load ${loadavg()[0]?.toFixed(1) ?? '?'}`,
        );
      } finally {
        writeSectionBuild(projectsDist, 'projects-1', ['projects', 'project']);
      }
    },
  );
});
