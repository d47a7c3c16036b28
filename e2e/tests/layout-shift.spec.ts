import { expect, test } from '@playwright/test';

const routes = ['/', '/about', '/projects', '/projects/project/2', '/projects/project/3', '/resume'];

for (const width of [375, 1280]) {
  for (const route of routes) {
    test(`${route} at ${width} px does not shift as it loads (CLS at most 0.01)`, async ({ browser, baseURL }) => {
      // cold: a fresh context has no cache
      const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shifts: Array<{ value: number; sources: string[] }> = [];
        (window as unknown as { shifts: typeof shifts }).shifts = shifts;
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
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(
        () => (window as unknown as { shifts: Array<{ value: number; sources: string[] }> }).shifts,
      );
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      test.info().annotations.push({ type: 'CLS', description: `${cls.toFixed(4)} ${JSON.stringify(shifts)}` });
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
      await context.close();
    });
  }
}
