import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { defaultRemotesConfig } from '@portfolio/parts';
import { eventually } from './eventually.js';
import { fakeSite, onCdn, writeSectionBuild } from './fake-site.js';
import { serveFolder, type FolderServer } from './owner-site.js';
import { startApp, type RunningApp } from './start-app.js';

interface Rendered {
  status: number;
  headers: Headers;
  /** the builds the page links to */
  builds: string;
  /** the sections whose server code its renderer runs */
  code: string;
  /** its renderer's process */
  pid: string;
  renders: number;
  url: string;
  site: string;
}

/** The first answer to one request, as a visitor's browser or a crawler gets it. */
async function page(app: RunningApp, pagePath: string, headers: Record<string, string> = {}): Promise<Rendered> {
  const response = await fetch(`${app.baseUrl}${pagePath}`, { headers, redirect: 'manual' });
  const html = await response.text();
  const main =
    /<main data-url="([^"]*)" data-site="([^"]*)" data-pid="(\d+)" data-renders="(\d+)" data-code="([^"]*)"[^>]*>([^<]*)<\/main>/.exec(
      html,
    );
  return {
    status: response.status,
    headers: response.headers,
    url: main?.[1] ?? '',
    site: main?.[2] ?? '',
    pid: main?.[3] ?? '',
    renders: Number(main?.[4] ?? 0),
    code: main?.[5] ?? '',
    builds: main?.[6] ?? '',
  };
}

/** Undoes a test's change to the shared site after it, whether it passed or not. */
const tearDowns: Array<() => unknown> = [];
const onTearDown = (undo: () => unknown) => tearDowns.push(undo);

describe('pages rendered on the server', () => {
  afterEach(async () => {
    for (const undo of tearDowns.splice(0).reverse()) await undo();
  });
  // one server for the suite: a test that changes the site puts it back
  const siteDir = fakeSite({}, true);
  const remotesJson = path.join(siteDir, 'shell/dist/remotes.json');
  let app: RunningApp;
  let cdn: FolderServer;
  let onCdnConfig: ReturnType<typeof defaultRemotesConfig>;
  beforeAll(async () => {
    cdn = await serveFolder(siteDir);
    onCdnConfig = onCdn(cdn.url);
    writeFileSync(remotesJson, JSON.stringify(onCdnConfig));
    app = await startApp({ SERVE_SITE: 'true', SITE_DIR: siteDir, SECTION_REFRESH_MS: '20' });
  });
  afterAll(async () => {
    await app.close();
    await cdn.close();
  });
  /** Without SITE_URL, the public origin: this server's own port on localhost, whatever a request says. */
  const publicOrigin = () => `http://localhost:${new URL(app.baseUrl).port}`;

  it("renders a page with each section's build from remotes.json, and keeps it for the next visitor", async () => {
    const first = await page(app, '/projects?sort=new');
    expect(first.status).toBe(200);
    expect(first.builds).toBe('home=home-1 about=about-1 projects=projects-1 resume=resume-1');
    // only its own section's code runs in a section's renderer
    expect(first.code).toBe('projects');
    expect(first.url).toBe(`${publicOrigin()}/projects?sort=new`);
    expect(first.site).toBe(publicOrigin());
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
    const again = await page(app, '/projects?sort=new');
    expect([again.pid, again.renders]).toEqual([first.pid, first.renders]);
    expect((await page(app, '/projects?sort=old')).renders).toBe(first.renders + 1);
    const about = await page(app, '/about');
    expect(about.code).toBe('about');
    expect(about.pid).not.toBe(first.pid);
  });

  it('serves a link with parameters no route reads from the same kept page, rendered without them', async () => {
    // /projects's routes read `sort` (the stand-in render module says so, as a route's handle would)
    const first = await page(app, '/projects?utm_source=linkedin&sort=top&fbclid=IwAR0');
    expect(first.status).toBe(200);
    expect(first.url).toBe(`${publicOrigin()}/projects?sort=top`);
    for (const shared of [
      '/projects?sort=top',
      '/projects?gclid=1&sort=top&ref=mail',
      '/projects?sort=top&anything=else',
    ]) {
      const kept = await page(app, shared);
      expect([kept.pid, kept.renders, kept.url]).toEqual([first.pid, first.renders, first.url]);
    }
    // a path whose routes read none: every query string is the same page
    const about = await page(app, '/about?utm_source=newsletter&utm_medium=mail&mc_cid=1');
    expect(about.url).toBe(`${publicOrigin()}/about`);
    for (const shared of ['/about', '/about?igshid=x', '/about?msclkid=1&trk=2', '/about?x=1&y=2'])
      expect((await page(app, shared)).renders).toBe(about.renders);
  });

  it("keeps a page with picks (home's doors) once per pick and sends each visitor one at random", async () => {
    const seen = new Map<string, string>();
    for (let visit = 0; visit < 40; visit += 1) {
      const html = await (await fetch(`${app.baseUrl}/doors`)).text();
      const [, pick = '', renders = ''] = /data-pick="(\d+)" data-renders="(\d+)"/.exec(html) ?? [];
      // a pick is rendered once: every later visit to it gets the kept page
      expect(seen.get(pick) ?? renders).toBe(renders);
      seen.set(pick, renders);
    }
    // 40 visits miss one of three picks with odds of 3 * (2/3)^40, about 3 in 10 million
    expect([...seen.keys()].sort()).toEqual(['0', '1', '2']);
  });

  it('a page whose render failed once does not teach the server that the page has one pick', async () => {
    const pickOf = async () => {
      const response = await fetch(`${app.baseUrl}/about/doors-failing-once`);
      const html = await response.text();
      return response.status === 503 ? 'frame' : /data-pick="(\d)"/.exec(html)?.[1];
    };
    // pick 0 is rendered and kept, then pick 2's render fails: that visitor gets the frame, "unavailable"
    const before: Array<string | undefined> = [];
    const failedAfterFirst = () => before.lastIndexOf('frame') > before.indexOf('0') && before.includes('0');
    while (!failedAfterFirst() && before.length < 300) before.push(await pickOf());
    expect(failedAfterFirst()).toBe(true);
    // every pick is still sent to later visitors (the count of 1 once learnt here sent them all pick 0)
    const after = new Set<string | undefined>();
    for (let visit = 0; visit < 40; visit += 1) after.add(await pickOf());
    expect([...after].sort()).toEqual(['0', '1', '2']);
  });

  it('answers revalidation with 304, compresses for clients that ask, and sends no body to HEAD', async () => {
    const first = await fetch(`${app.baseUrl}/about`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await fetch(`${app.baseUrl}/about`, { headers: { 'If-None-Match': etag ?? '' } });
    expect(revalidated.status).toBe(304);
    const gzipped = await fetch(`${app.baseUrl}/about`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toContain('<main');
    const head = await fetch(`${app.baseUrl}/about`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it("passes on a page's status and redirect", async () => {
    expect((await page(app, '/nowhere')).status).toBe(404);
    const moved = await page(app, '/moved');
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/projects');
  });

  it('renders a new build of a section behind the same URL in a new renderer, without a restart', async () => {
    const before = await page(app, '/projects');
    writeSectionBuild(path.join(siteDir, 'mf-projects/dist'), 'projects-2');
    onTearDown(() => writeSectionBuild(path.join(siteDir, 'mf-projects/dist'), 'projects-1'));
    const after = await eventually(async () => {
      const current = await page(app, '/projects');
      return current.builds.includes('projects=projects-2') && current;
    }, 'the new projects build');
    expect(after.builds).toBe('home=home-1 about=about-1 projects=projects-2 resume=resume-1');
    expect(after.pid).not.toBe(before.pid);
  });

  it('follows an edited remotes.json: a section on another origin, a section that is gone', async () => {
    const elsewhere = await serveSectionBuild('projects-on-a-cdn');
    onTearDown(() => {
      elsewhere.close();
      writeFileSync(remotesJson, JSON.stringify(onCdnConfig));
    });
    const edited = {
      ...onCdnConfig,
      projects: `${elsewhere.url}/mf-manifest.json`,
      resume: '/mf/nothing/remoteEntry.js',
    };
    writeFileSync(remotesJson, JSON.stringify(edited));
    const after = await eventually(async () => {
      const current = await page(app, '/about');
      return current.builds.includes('projects-on-a-cdn') && current;
    }, 'the moved section');
    expect(after.builds).toBe('home=home-1 about=about-1 projects=projects-on-a-cdn resume=missing');
    // a section without a build: its routes are rendered by the shell alone, "unavailable"
    const resume = await page(app, '/resume');
    expect([resume.status, resume.code]).toEqual([503, '']);
  });

  it("answers a section whose host is down with its 'unavailable' (503), and the first request after it is up with its page", async () => {
    const down = await serveFolder(siteDir);
    const port = Number(new URL(down.url).port);
    await down.close();
    onTearDown(() => writeFileSync(remotesJson, JSON.stringify(onCdnConfig)));
    writeFileSync(remotesJson, JSON.stringify({ ...onCdnConfig, resume: `${down.url}/mf-resume/dist/remoteEntry.js` }));
    const unavailable = await page(app, '/resume');
    expect([unavailable.status, unavailable.builds]).toEqual([503, expect.stringContaining('resume=missing')]);
    // the host comes up: past SECTION_REFRESH_MS (20 ms here), the next request reads the section again
    const up = await serveFolder(siteDir, port);
    onTearDown(() => up.close());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const back = await page(app, '/resume');
    expect([back.status, back.code, back.builds]).toEqual([200, 'resume', expect.stringContaining('resume=resume-1')]);
  });

  it("answers a page whose section's code throws with the frame from the server: the section's 'unavailable', 503", async () => {
    const response = await fetch(`${app.baseUrl}/about/broken`);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    // the shell's renderer drew it, without the section's code, and never shows the section's error text
    expect(html).toContain('data-unavailable="about"');
    expect(html).toContain('data-code=""');
    expect(html).not.toContain('a section threw');
    expect((await page(app, '/about')).status).toBe(200);
  });

  it('answers with the page the browser renders, 503, only when not even the shell renders', async () => {
    // a path of no section whose render throws: the shell's renderer is the one that fails
    const response = await fetch(`${app.baseUrl}/broken`);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<div id="root"><!--page-body--></div>');
    // it names the builds this visitor gets, as /remotes.json would (their ids go with the page view's proof)
    const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
    const remotes = (await (await fetch(`${app.baseUrl}/remotes.json`)).json()) as Record<string, string>;
    expect(data).toEqual({
      sections: remotes,
      clientRender: true,
      router: null,
    });
    expect((await page(app, '/')).status).toBe(200);
  });

  it("ends a renderer that outgrows its memory limit: the frame for that page, the section's own pages once it is back", async () => {
    // V8's own heap limit in the renderer: the sandbox's (about 50 MB), not Node's default (gigabytes)
    const home = await fetch(`${app.baseUrl}/?the-heap-limit`);
    expect(Number(/data-heap-limit-mb="(\d+)"/.exec(await home.text())?.[1])).toBeLessThan(128);
    const before = await page(app, '/about/before-the-hog');
    const response = await fetch(`${app.baseUrl}/about/hog`);
    // the render failed: the frame says the section is unavailable, and the server goes on
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('data-unavailable="about"');
    expect((await page(app, '/nowhere')).status).toBe(404);
    // kept ready, it starts again by itself after the backoff: the next visitor gets its page from a new renderer
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await page(app, '/about/after-the-hog');
    expect(after.status).toBe(200);
    expect(after.code).toBe('about');
    expect(after.pid).not.toBe(before.pid);
  });

  it('serves robots.txt and a sitemap of every page, on the public origin', async () => {
    const robots = await (await fetch(`${app.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${publicOrigin()}/sitemap.xml`);
    const sitemap = await fetch(`${app.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(locations(await sitemap.text())).toEqual([
      `${publicOrigin()}/`,
      `${publicOrigin()}/about`,
      `${publicOrigin()}/projects/project/1`,
    ]);
  });

  it('keeps its memory when a section is redeployed 90 times', async () => {
    // the API's thread after a full collection: what the ended workers' code could have kept alive
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const settledRss = () => {
      // twice: a first collection frees what then lets a second free more
      collect();
      collect();
      return process.memoryUsage().rss;
    };
    const growth: number[] = [];
    let warm = 0;
    for (let deploy = 1; deploy <= 90; deploy += 1) {
      const version = `projects-${deploy % 2 === 0 ? 'a' : 'b'}`;
      writeSectionBuild(path.join(siteDir, 'mf-projects/dist'), version);
      while (!(await page(app, '/')).builds.includes(`projects=${version}`)) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // from the 30th on: jest's own start-up is behind us by then
      if (deploy === 30) warm = settledRss();
      if (deploy > 30 && deploy % 20 === 10) growth.push(Math.round((settledRss() - warm) / 1024 / 1024));
    }
    console.log(`RSS growth from the 30th redeploy to the 50th, 70th and 90th: ${growth.join(', ')} MB`);
    // every worker's code left 4 MB and a timer behind: ended with its worker, none of it stays (60 redeploys
    // would keep 240 MB; 90 instead of 200 in all, so that a loaded host renders them within the test's time)
    expect(Math.max(...growth)).toBeLessThan(32);
  }, 120_000);
});

const locations = (sitemap: string) => [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

/** A section's build on another origin, as a CDN would serve its dist/. */
async function serveSectionBuild(version: string): Promise<{ url: string; close: () => void }> {
  const manifest = JSON.stringify({
    version,
    serverEntry: `remoteEntry.${version}.js`,
    browserEntry: `../remoteEntry.${version}.js`,
    styles: [],
  });
  const server: Server = createServer((req, res) => {
    if (req.url === '/server/manifest.json') res.writeHead(200, { 'Content-Type': 'application/json' }).end(manifest);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
