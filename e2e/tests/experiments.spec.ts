import { execFileSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Experiment, ExperimentResults } from '@portfolio/contracts/experiments';
import { ownerPaths, ownerSessionCookie } from '@portfolio/contracts/owner';
import { copyOfBuild, startOwnSite, type OwnSite } from '../support/own-site';
import { e2eOwnerPassword, logIn, setOwnerPassword } from '../support/owner';
import { standInPorts } from '../support/ports';

// Simulated visitors (each a new browser context) on a server of its own: a 50 % experiment whose candidate
// throws in the browser is stopped by the guard; a healthy one shows both variants on the results page.
test.describe.configure({ mode: 'serial', timeout: 600_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

let site: OwnSite;
let session: string;
const releases: Record<'broken' | 'healthy', string> = { broken: '', healthy: '' };

/** A copy of about's build under a new version; `broken`: every browser script throws once it has run. */
function candidate(version: string, broken: boolean): Buffer {
  const copy = copyOfBuild('mf-about');
  if (broken)
    for (const file of readdirSync(copy))
      if (file.endsWith('.js'))
        appendFileSync(path.join(copy, file), '\n;setTimeout(function () { throw new Error("candidate breaks"); });\n');
  const manifestFile = path.join(copy, 'server/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string };
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: `${manifest.version}-${version}` }));
  return execFileSync('tar', ['-czf', '-', '-C', copy, '.']);
}

async function api<T>(method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}${urlPath}`, {
    method,
    headers: {
      Cookie: `${ownerSessionCookie}=${session}`,
      Origin: site.url,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${urlPath} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

test.beforeAll(async () => {
  // a first start makes the embedded database, and each upload runs the release's checks: minutes on a busy machine
  test.setTimeout(240_000);
  site = await startOwnSite(standInPorts.experimentsSite, { EXPERIMENT_GUARD_MS: '500', RATE_LIMIT_RUM: '100000' });
  setOwnerPassword(site.dataDir, e2eOwnerPassword);
  const login = await fetch(`${site.url}/api/owner/login`, {
    method: 'POST',
    headers: { Origin: site.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: e2eOwnerPassword }),
  });
  session = /owner_session=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const { secret } = await api<{ secret: string }>('POST', '/api/owner/deploy-tokens', {
    section: 'about',
    name: 'e2e',
  });
  for (const kind of ['broken', 'healthy'] as const) {
    const uploaded = await fetch(`${site.url}/api/sections/about/releases`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/gzip' },
      body: new Uint8Array(candidate(kind, kind === 'broken')),
    });
    expect([uploaded.status, uploaded.status === 201 ? '' : await uploaded.text()]).toEqual([201, '']);
    releases[kind] = ((await uploaded.json()) as { release: { id: string } }).release.id;
  }
});
test.afterAll(() => site.stop());

/** The about release a page loads: the id in the path of the entry its data names (`/sections/about/<id>/...`). */
const aboutBuild = async (page: Page) => {
  const entry = await page.evaluate(
    () =>
      (JSON.parse(document.getElementById('page-data')?.textContent ?? '{}') as { sections?: { about?: string } })
        .sections?.about ?? '',
  );
  return /\/sections\/about\/([0-9a-f]{16})\//.exec(entry)?.[1];
};

/** Hides the page as a visitor leaving does, so the collector sends its beacon (headless Chromium never hides). */
async function leave(page: Page): Promise<void> {
  // the collector loads when the page is idle: on a busy host that may take a while
  await expect
    .poll(
      () =>
        page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/field.'))),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.waitForTimeout(300);
  // the beacon goes as the page is hidden: the visitor has left once it is on its way
  await Promise.all([
    page.waitForRequest((request) => request.url().endsWith('/api/rum')),
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }),
  ]);
}

/**
 * A browser tab that plays one visitor after another, its cookies cleared in between: the site keeps nothing
 * else in a browser (no storage), so each is a new visitor to it. A new browser context per visitor cost this
 * host three times the CPU of the visit itself (a renderer process started and ended each time).
 */
interface Tab {
  context: BrowserContext;
  page: Page;
  /** beacons sent since the tab opened */
  beacons: number;
  /** its visitors send Global Privacy Control */
  gpc: boolean;
}

async function newTab(browser: Browser, gpc = false): Promise<Tab> {
  const context = await browser.newContext(gpc ? { extraHTTPHeaders: { 'Sec-GPC': '1' } } : {});
  if (gpc)
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
  const tab: Tab = { context, page: await context.newPage(), beacons: 0, gpc };
  tab.page.on('request', (request) => {
    if (request.url().endsWith('/api/rum')) tab.beacons += 1;
  });
  return tab;
}

/** One new visitor in `tab`: /about, the variant it got (release id), its cookie, and (if `reloads`) what reloads got. */
async function visitor(tab: Tab, reloads = 0) {
  const { context, page, gpc } = tab;
  await context.clearCookies();
  const beaconsBefore = tab.beacons;
  await page.goto(`${site.url}/about`);
  const build = await aboutBuild(page);
  const later: Array<string | undefined> = [];
  for (let i = 0; i < reloads; i++) {
    await page.reload();
    later.push(await aboutBuild(page));
  }
  // a visitor measured leaves, and its beacon goes; one sending GPC is given time in which one would have gone
  if (gpc) await page.waitForTimeout(1500);
  else await leave(page);
  const cookie = (await context.cookies()).find((found) => found.name === 'exp_about');
  return { build, later, cookie: cookie?.value, beacons: tab.beacons - beaconsBefore };
}

/** `count` visitors, in `parallel` tabs. */
async function visitors(browser: Browser, count: number, parallel = 6) {
  const tabs = await Promise.all(Array.from({ length: Math.min(parallel, count) }, () => newTab(browser)));
  const seen: Array<Awaited<ReturnType<typeof visitor>>> = [];
  try {
    for (let start = 0; start < count; start += tabs.length)
      seen.push(...(await Promise.all(tabs.slice(0, count - start).map((tab) => visitor(tab)))));
  } finally {
    await Promise.all(tabs.map((tab) => tab.context.close()));
  }
  return seen;
}

test('a 50 % experiment whose candidate throws: its visitors keep it, the guard stops it within a few dozen of them', async ({
  browser,
}) => {
  const experiment = await api<Experiment>('POST', '/api/owner/sections/about/experiment', {
    releaseId: releases.broken,
    share: 50,
  });
  const started = Date.now();
  const stickyTab = await newTab(browser);
  const sticky = await visitor(stickyTab, 2);
  await stickyTab.context.close();
  expect(sticky.later).toEqual([sticky.build, sticky.build]);
  // new visitors, six at a time, until the guard has stopped it (the owner's list says so) or 120 have come
  const seen: Array<Awaited<ReturnType<typeof visitor>>> = [sticky];
  const stopped = async () =>
    (await api<Experiment[]>('GET', '/api/owner/experiments')).find((found) => found.id === experiment.id)?.endReason;
  while (!(await stopped()) && seen.length < 120) seen.push(...(await visitors(browser, 6)));
  const assigned = seen.filter((visit) => visit.cookie?.startsWith(`${experiment.id}.`));
  for (const visit of assigned) expect(visit.build === releases.broken).toBe(Number(visit.cookie?.split('.')[1]) < 50);
  const onCandidate = assigned.filter((visit) => visit.build === releases.broken).length;
  await expect.poll(stopped, { timeout: 30_000 }).toMatch(/^stopped: the candidate's visitors met errors more often/);
  const results = await api<ExperimentResults>('GET', `/api/owner/experiments/${experiment.id}/results`);
  const { errors } = results.guard.guardrails;
  console.log(
    `stopped in ${Math.round((Date.now() - started) / 1000)} s, after ${assigned.length} visitors assigned, ` +
      `${onCandidate} on the candidate; the guard counted ${errors.candidate.events} of ${errors.candidate.visitors} ` +
      `candidate visitors with an error, ${errors.live.events} of ${errors.live.visitors} on live`,
  );
  expect(onCandidate).toBeLessThanOrEqual(36);
  const later = await visitors(browser, 6);
  for (const visit of later) {
    expect(visit.build).not.toBe(releases.broken);
    expect(visit.cookie).toBeUndefined();
  }
});

test('a GPC visitor gets live, no cookie, and sends nothing', async ({ browser }) => {
  await api<Experiment>('POST', '/api/owner/sections/about/experiment', { releaseId: releases.healthy, share: 50 });
  const tab = await newTab(browser, true);
  for (let i = 0; i < 6; i++) {
    const seen = await visitor(tab);
    expect(seen.build).not.toBe(releases.healthy);
    expect([seen.cookie, seen.beacons]).toEqual([undefined, 0]);
  }
  await tab.context.close();
});

test('a healthy candidate: the results page shows visitors and vitals for both variants', async ({ browser, page }) => {
  await visitors(browser, 24);
  await logIn(page, site.url, e2eOwnerPassword);
  await page.goto(`${site.url}${ownerPaths.sections}`);
  const card = page.getByRole('region', { name: 'About section' });
  await expect(card.getByText('Running')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Change share' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'End experiment' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Promote candidate' })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `.artifacts/experiments-card-${width}.png` });
  }
  await card.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Experiment on the/ })).toBeVisible();
  const id = /\/(\d+)$/.exec(page.url())?.[1] ?? '';
  const results = await api<ExperimentResults>('GET', `/api/owner/experiments/${id}/results`);
  for (const [name, variant] of [
    ['Live', results.live],
    ['Candidate', results.candidate],
  ] as const) {
    expect(variant.visitors).toBeGreaterThan(0);
    expect(variant.p75.LCP?.count).toBeGreaterThan(0);
    const region = page.getByRole('region', { name, exact: true });
    await expect(region).toContainText(`Visitors (page views)${variant.visitors}`);
    await expect(region).toContainText(/LCP, p75\d+ ms/);
  }
  await expect(page.locator('canvas').first()).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.artifacts/experiments-results-${width}.png`, fullPage: true });
  }
});

/**
 * A new visitor's first page of /about, asked over HTTP as a browser would: its variant (the page view's proof
 * says, as the server assigned it) and its proof; it reports its view and LCP unless `lost` says its beacons are lost.
 */
async function httpVisitor(lost: (variant: 'live' | 'candidate') => boolean) {
  const response = await fetch(`${site.url}/about`);
  await response.arrayBuffer();
  const proof = /pv;desc="([^"]+)"/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? '';
  const fields = JSON.parse(Buffer.from(proof.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
    f: Array<[number, string, 0 | 1, number]>;
  };
  const variant = fields.f[0]?.[2] === 1 ? ('candidate' as const) : ('live' as const);
  if (lost(variant)) return variant;
  const beacon = await fetch(`${site.url}/api/rum`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: site.url },
    body: JSON.stringify({
      proof,
      events: [
        { kind: 'view', route: 'about' },
        { kind: 'vital', route: 'about', name: 'LCP', value: 900 + Math.round(Math.random() * 600) },
      ],
    }),
  });
  expect(beacon.status).toBe(204);
  return variant;
}

test("a sample ratio mismatch (most of the candidate's beacons lost) is said on the card and the results page", async ({
  page,
}) => {
  // a fresh experiment with the healthy candidate (the earlier tests' visitors, all measured, would blur the split):
  // new visitors, seven in eight of whose candidate beacons never arrive (blocked, say), far past the test's bar
  const running = async () =>
    (await api<Experiment[]>('GET', '/api/owner/experiments')).find((found) => !found.endedAt);
  const earlier = await running();
  if (earlier) await api<Experiment>('POST', `/api/owner/experiments/${earlier.id}/end`);
  await api<Experiment>('POST', '/api/owner/sections/about/experiment', { releaseId: releases.healthy, share: 50 });
  const came = { live: 0, candidate: 0 };
  while (came.live < 90 || came.candidate < 90) {
    const variant = await httpVisitor((which) => which === 'candidate' && came.candidate % 8 !== 0);
    came[variant] += 1;
  }
  // the guard looks every half second and keeps what it found on the experiment
  await expect
    .poll(async () => (await running())?.mismatch ?? '')
    .toMatch(/^the candidate gets \d+ % of measured visits/)
    .catch(async (error: unknown) => {
      const experiment = await running();
      const results =
        experiment && (await api<ExperimentResults>('GET', `/api/owner/experiments/${experiment.id}/results`));
      console.log(`visitors ${JSON.stringify(came)}; the guard's figures: ${JSON.stringify(results?.guard)}`);
      throw error;
    });
  await logIn(page, site.url, e2eOwnerPassword);
  await page.goto(`${site.url}${ownerPaths.sections}`);
  const card = page.getByRole('region', { name: 'About section' });
  await expect(card).toContainText(
    /Sample ratio mismatch: the candidate gets \d+ % of measured visits but was assigned 50 %: the results may be biased\./,
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `.artifacts/experiments-card-mismatch-${width}.png` });
  }
  await card.getByRole('link', { name: 'Results' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    /Sample ratio mismatch: the candidate gets \d+ % of measured visits but was assigned 50 %/,
  );
  await expect(page.getByRole('region', { name: 'The guard' })).toContainText('Visitors with an error or failed load');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.artifacts/experiments-results-mismatch-${width}.png`, fullPage: true });
  }
});
