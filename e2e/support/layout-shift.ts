import { test, type Browser } from '@playwright/test';
import { serverRendered } from './server-rendered.mjs';

interface Shift {
  value: number;
  sources: string[];
}

/** One cold visit (a fresh context has no cache): whether the server rendered the page, and what shifted. */
export async function visit(browser: Browser, url: string, width: number) {
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
