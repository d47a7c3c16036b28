import type { Page } from '@playwright/test';
import type { FieldBatch, FieldEvent } from '@portfolio/contracts/field-events';
import { ownerPaths } from '@portfolio/contracts/owner';
import { expect as baseExpect, test } from '../support/fixtures';
import { seriousAxeFindings } from '../support/axe';
import { e2eOwnerPassword, logIn } from '../support/owner';
import { siteServer } from '../support/site-server';
import { collectorListens, markCollector } from '../support/collector';
import { picture } from '../support/pictures';

// one flow after another in one worker: the last test reads what the others' visits measured
test.describe.configure({ mode: 'serial', timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const isBeacon = (url: string, method: string) => method === 'POST' && new URL(url).pathname === '/api/rum';
const fieldChunk = (url: string) => /\/field\.[0-9a-f]+\.js$/.test(new URL(url).pathname);

/** Every beacon the page sends (sendBeacon's requests are the page's, even while it unloads). */
async function recordBeacons(page: Page): Promise<FieldBatch[]> {
  await markCollector(page);
  const batches: FieldBatch[] = [];
  page.on('request', (request) => {
    if (isBeacon(request.url(), request.method())) batches.push(JSON.parse(request.postData() ?? 'null') as FieldBatch);
  });
  return batches;
}

/** The page has been idle once since now: what it had to do (a click's work, its collector's start) is done. */
const idleOnce = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 10_000 })));

/**
 * The page is hidden, as when the visitor switches tabs or leaves: headless Chromium never hides a page, so
 * the document says it is hidden and the browser's event is dispatched (a beacon sent while a page unloads is
 * not reported to Playwright).
 */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

/** Hides the page and answers every event its beacons have sent so far. */
async function leave(page: Page, batches: FieldBatch[]): Promise<FieldEvent[]> {
  const before = batches.length;
  await hide(page);
  await expect.poll(() => batches.length).toBeGreaterThan(before);
  return batches.flatMap((batch) => batch.events);
}

/** The proof of this page view its response carried (Server-Timing), as the page itself reads it. */
const proofOfPage = (page: Page) =>
  page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.serverTiming.find(
        (entry) => entry.name === 'pv',
      )?.description ?? null,
  );

/** The section builds a proof names (its signed part is base64url JSON). */
const buildsOf = (proof: string | null) =>
  (JSON.parse(Buffer.from(proof?.split('.')[0] ?? '', 'base64url').toString('utf8')) as { b: Record<string, string> })
    .b;

test('a visit sends its vitals, tagged with route and section builds, when the page is hidden', async ({ page }) => {
  const batches = await recordBeacons(page);
  await page.goto('/');
  await collectorListens(page);
  const proof = await proofOfPage(page);
  const pageBuilds = buildsOf(proof);
  expect(Object.keys(pageBuilds).sort()).toEqual(['about', 'home', 'projects', 'resume']);
  // each section's release id (16 hex): field measurements are per release
  for (const build of Object.values(pageBuilds)) expect(build).toMatch(/^[0-9a-f]{16}$/);
  // a click is an input: LCP is final from here on
  await page.mouse.click(5, 5);
  // web-vitals takes LCP as final when the page is next idle: nothing is sent while the visitor is on the page
  await idleOnce(page);
  expect(batches).toEqual([]);

  const events = await leave(page, batches);
  // each beacon carries the page view's proof, which names the builds: the body names none
  for (const batch of batches) expect(batch).toEqual({ proof, events: expect.any(Array) as unknown });
  expect(events).toContainEqual({ kind: 'view', route: 'home' });
  for (const name of ['LCP', 'TTFB', 'CLS']) {
    expect(events).toContainEqual(expect.objectContaining({ kind: 'vital', route: 'home', name }));
  }
  const lcp = events.find((event) => event.kind === 'vital' && event.name === 'LCP');
  expect(lcp?.kind === 'vital' && lcp.value).toBeGreaterThan(0);
  // a reload is a page view of its own, with a proof of its own, though the page came back as 304 Not Modified
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.request().isNavigationRequest()) statuses.push(response.status());
  });
  await page.reload();
  const again = await proofOfPage(page);
  expect(again).toMatch(/^[\w-]+\.[\w-]+$/);
  expect(again).not.toBe(proof);
  console.log(`the reload answered ${statuses.join(', ')}`);
});

test('a page error, a failed section and a conversion are reported, without query strings', async ({ page }) => {
  const batches = await recordBeacons(page);
  // the projects server is down for this visitor: the section fails in the browser after the server rendered it
  await page.route('**/sections/projects/**', (route) => route.abort('connectionrefused'));
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'This part of the site is unavailable' })).toBeVisible();
  await collectorListens(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('field test failure at https://example.com/page?email=visitor@example.com');
    });
  });
  // on to the home page (a new page load), and through a door (a route reached in the page)
  await leave(page, batches);
  await page.goto('/');
  await collectorListens(page);
  await page.locator('[data-door-group] a').first().click();
  await expect(page).not.toHaveURL(/\/$/);
  const events = await leave(page, batches);
  expect(events).toContainEqual({ kind: 'section-failed', route: 'projects', section: 'projects' });
  expect(events).toContainEqual({
    kind: 'error',
    route: 'projects',
    message: 'Error: field test failure at https://example.com/page',
    // its stack as the browser wrote it, for the error groups
    stack: expect.stringMatching(/^Error: field test failure at https:\/\/example\.com\/page\n/) as unknown,
  });
  expect(events).toContainEqual({ kind: 'conversion', route: 'home', name: 'door-followed' });
  // each route shown is a view of its own: the two pages loaded, and the door's
  expect(events.filter((event) => event.kind === 'view')).toHaveLength(3);
  expect(JSON.stringify(batches)).not.toContain('visitor@example.com');
});

test('a visitor sending Global Privacy Control sends nothing and loads no collector', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  await page.goto(`${siteServer.url}/`);
  await page.waitForLoadState('load');
  // the collector of a visitor who is measured is asked for when the page is first idle after its load event: past
  // that moment, this one's is not
  await idleOnce(page);
  await idleOnce(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('an error nobody may hear of');
    });
  });
  await page.mouse.click(5, 5);
  await hide(page);
  // gone: what it had to send as it was hidden and left was asked for by now
  await page.goto('about:blank');
  expect(requests.filter((request) => request.includes('/api/rum'))).toEqual([]);
  expect(requests.filter((request) => fieldChunk(request.split(' ')[1] ?? 'http://x/'))).toEqual([]);
  await context.close();
});

test('the owner sees the field health per section and build', async ({ page }) => {
  await logIn(page, siteServer.url, e2eOwnerPassword);
  await page.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Field health' }).click();
  await expect(page).toHaveURL(new RegExp(`${ownerPaths.health}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Field health' })).toBeVisible();
  const home = page.getByRole('region', { name: 'Home page' });
  await expect(home.first()).toBeVisible();
  await expect(home.first()).toContainText(/Largest Contentful Paint \(LCP\), p75\s*[\d,]+ ms/);
  const projects = page.getByRole('region', { name: 'Projects section' });
  await expect(projects.first()).toContainText(/Errors per page view\s*([1-9]|0\.\d*[1-9])/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await picture(page, `field-health-${width}`);
  }
});
