import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { remotes } from '@portfolio/parts';
import { expect, test, type Page } from '@playwright/test';
import { standInPorts } from '../support/ports';
import { repoRoot } from '../support/site-server';
import { copyOfBuild, startOwnSite, type OwnSite } from '../support/own-site';
import { serveFolder, type StaticServer } from '../support/static-server';
import { keepServerHeading, serverHeadingKept } from '../support/hydration';
import { serverRendered } from '../support/server-rendered.mjs';

// one second site whose remotes.json these tests edit in turn
test.describe.configure({ mode: 'serial' });

let site: OwnSite;
let stopSite = () => undefined as unknown;
const hosts: StaticServer[] = [];
/**
 * Where the sections are before a test moves them: each part's dist/ on a host of its own, named in remotes.json
 * before the first start, so the site takes no release of them and follows each edit of remotes.json.
 */
let sameOrigin: Record<string, string> = {};

test.beforeAll(async () => {
  // a whole server starting, on a machine the other suites keep busy
  test.setTimeout(120_000);
  for (const { name, folder } of remotes) sameOrigin[name] = `${(await host(copyOfBuild(folder))).url}/remoteEntry.js`;
  sameOrigin = { ...sameOrigin };
  site = await startOwnSite(standInPorts.remotesSite, {}, sameOrigin);
  stopSite = site.stop;
});
test.afterEach(() => site.setRemotes(sameOrigin));
test.afterAll(async () => {
  stopSite();
  await Promise.all(hosts.map((host) => host.close()));
});

async function host(folder: string): Promise<StaticServer> {
  const served = await serveFolder(folder);
  hosts.push(served);
  return served;
}

/** Errors the page logged, and whether the browser kept the server's heading (hydrated) or drew its own. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(keepServerHeading);
  return { errors, hydrated: () => page.evaluate(serverHeadingKept) };
}

/**
 * The first answer to a page, the server's (remotes.json is read again at each request, and a new URL's build at its
 * first request); it says `contains`.
 */
async function serverPage(path_: string, contains: string) {
  const response = await fetch(`${site.url}${path_}`);
  const html = await response.text();
  expect([path_, serverRendered(html), html.includes(contains)]).toEqual([path_, true, true]);
  return { status: response.status, html };
}

test('every section moved to another origin: rendered from there on the server, hydrated from there in the browser', async ({
  page,
}) => {
  // four new section builds: four renderers start, two at a time (docs/server-rendering.md)
  test.slow();
  const moved: Record<string, string> = {};
  for (const [index, { name, folder }] of remotes.entries()) {
    const served = await host(path.join(repoRoot, folder, 'dist'));
    // either URL remotes.json allows: the browser entry or the manifest beside it
    moved[name] = `${served.url}/${index % 2 === 0 ? 'remoteEntry.js' : 'mf-manifest.json'}`;
  }
  site.setRemotes(moved);
  const projectsHost = new URL(moved.projects ?? '').origin;
  const { html } = await serverPage('/projects', projectsHost);
  expect(html).toContain('<h1 class="mb-4">Projects</h1>');
  expect(html).toMatch(
    new RegExp(`<link rel="preload" as="script" href="${projectsHost}/remoteEntry\\.[0-9a-f]+\\.js">`),
  );
  expect(html).toMatch(new RegExp(`<link rel="stylesheet" href="${projectsHost}/[^"]+\\.css">`));
  expect(html).toContain(`src="${projectsHost}/assets/`);

  const watched = await watch(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  for (const [route, heading, section] of [
    ['/projects/project/2', /\S/, 'projects'],
    ['/resume', 'Resume', 'resume'],
    ['/about', 'About Me', 'about'],
    ['/', 'HELLO', 'home'],
  ] as const) {
    await serverPage(route, new URL(moved[section] ?? '').origin);
    await page.goto(`${site.url}${route}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([route, await watched.hydrated()]).toEqual([route, true]);
  }
  const before = Object.values(sameOrigin).map((url) => new URL(url).origin);
  expect(requests.filter((url) => before.some((origin) => url.startsWith(`${origin}/`)))).toEqual([]);
  for (const { name } of remotes) {
    const origin = new URL(moved[name] ?? '').origin;
    expect([name, requests.some((url) => url.startsWith(origin))]).toEqual([name, true]);
  }
  expect(watched.errors).toEqual([]);
  expect(await watched.hydrated()).toBe(true);
});

test('a section redeployed behind the same URL is rendered and hydrated anew, without a restart', async ({ page }) => {
  const deployed = copyOfBuild('mf-projects');
  const served = await host(deployed);
  site.setRemotes({ ...sameOrigin, projects: `${served.url}/remoteEntry.js` });
  await serverPage('/projects', served.url);

  // the next build: the same code with one heading changed, copied over the old one
  const next = copyOfBuild('mf-projects');
  for (const file of readdirSync(next, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(path.join(next, file), 'utf8');
    if (text.includes('Coding projects:'))
      writeFileSync(path.join(next, file), text.replaceAll('Coding projects:', 'Coding projects (new build):'));
  }
  const manifestFile = path.join(next, 'server/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string };
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: `${manifest.version}-next` }));
  cpSync(next, deployed, { recursive: true });

  // a build behind the same URL is read again in the background (SECTION_REFRESH_MS, 100 ms here): the page asked
  // meanwhile is the build before's, the next one the new build's
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect((await fetch(`${site.url}/projects`)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { status } = await serverPage('/projects', 'Coding projects (new build):');
  expect(status).toBe(200);
  const watched = await watch(page);
  await page.goto(`${site.url}/projects`);
  await expect(page.getByRole('heading', { name: 'Coding projects (new build):' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(watched.errors).toEqual([]);
  expect(await watched.hydrated()).toBe(true);
});

test('a section whose server build cannot be loaded: 503 and Retry for its routes, the rest untouched', async ({
  page,
}) => {
  const down = await serveFolder(copyOfBuild('mf-resume'));
  const url = down.url;
  await down.close();
  site.setRemotes({ ...sameOrigin, resume: `${url}/remoteEntry.js` });
  const { status, html } = await serverPage('/resume', 'This part of the site is unavailable');
  expect(status).toBe(503);
  expect(html).toContain('<footer class="site-footer">');
  expect((await fetch(`${site.url}/about`)).status).toBe(200);
  expect((await fetch(`${site.url}/api/health`)).status).toBe(200);

  await page.goto(`${site.url}/resume`);
  await expect(page.getByRole('heading', { name: 'This part of the site is unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

test('a section whose server build throws gets its page rendered by the browser from its browser build', async ({
  page,
}) => {
  const broken = copyOfBuild('mf-resume');
  const manifest = JSON.parse(readFileSync(path.join(broken, 'server/manifest.json'), 'utf8')) as {
    serverEntry: string;
  };
  writeFileSync(
    path.join(broken, 'server', manifest.serverEntry),
    'throw new Error("this build cannot run on a server");',
  );
  const served = await host(broken);
  site.setRemotes({ ...sameOrigin, resume: `${served.url}/remoteEntry.js` });
  const { status } = await serverPage('/resume', 'This part of the site is unavailable');
  expect(status).toBe(503);
  await page.goto(`${site.url}/resume`);
  await expect(page.getByRole('heading', { level: 1, name: 'Resume' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Experience' })).toHaveAttribute('aria-selected', 'true');
});
