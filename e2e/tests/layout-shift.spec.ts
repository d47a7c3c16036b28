import { expect, test, type Browser } from '@playwright/test';
import { startOwnSite } from '../support/own-site';
import { standInPorts } from '../support/ports';
import { serverRendered } from '../support/server-rendered.mjs';

/** The first visits after a start (below) are to these: each section's page. */
const sectionRoutes = ['/', '/about', '/projects', '/resume'];
/** The pages the section routes do not show: a project's page, with and without a thumbnail. */
const otherRoutes = ['/projects/project/2', '/projects/project/3'];

interface Shift {
  value: number;
  sources: string[];
}

/** One cold visit (a fresh context has no cache): whether the server rendered the page, and what shifted. */
async function visit(browser: Browser, url: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node?: Node }>;
      }>) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | undefined;
          return node ? `${node.nodeName}.${node.className}` : '?';
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const response = await page.goto(url);
  const html = (await response?.text()) ?? '';
  await page.waitForLoadState('networkidle');
  // what can still move the page once the network is quiet: fonts and pictures shown, and the frames after them
  // painted (a shift is reported for the frame it happened in)
  await page.evaluate(async () => {
    await document.fonts.ready;
    // (those loaded: a lazy picture far below the screen is not fetched, and would never decode)
    const loaded = [...document.images].filter((image) => image.complete);
    await Promise.all(loaded.map((image) => image.decode().catch(() => undefined)));
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
  await context.close();
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  test.info().annotations.push({ type: `CLS ${url}`, description: `${cls.toFixed(4)} ${JSON.stringify(shifts)}` });
  return { serverRendered: serverRendered(html), cls, shifts };
}

// every section's page is the first-visit test's below (the same server code and build, rendered by the server
// whole: it asserts that), so only the project pages are visited here
for (const width of [375, 1280]) {
  for (const route of otherRoutes) {
    test(`${route} at ${width} px does not shift as it loads (CLS at most 0.01)`, async ({ browser, baseURL }) => {
      const { cls, shifts } = await visit(browser, `${baseURL}${route}`, width);
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
    });
  }
}

// The first visits to a fresh server, as soon as it answers: each section's first page is the server's whole page
// (a start is not a reason for the page the browser renders alone), and it does not shift either, on a phone; then
// the same pages on a desktop. One server started: what its first answer is does not depend on the screen.
test("the first visit to each section after a start is the server's page and does not shift, at 375 and 1280 px", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const site = await startOwnSite(standInPorts.startingSite);
  try {
    for (const width of [375, 1280])
      for (const route of sectionRoutes) {
        const { serverRendered, cls, shifts } = await visit(browser, `${site.url}${route}`, width);
        expect(serverRendered, `${route} at ${width} px was rendered by the browser`).toBe(true);
        expect(cls, `${route} at ${width} px: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.01);
      }
  } finally {
    site.stop();
  }
});
