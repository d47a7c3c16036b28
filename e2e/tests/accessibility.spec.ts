import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { colourTransitionsEnded, seriousAxeFindings } from '../support/axe';

/** Every screen: the five routes, each project page (write-ups differ: code, diagrams, none) and the error page. */
const paths = [
  '/',
  '/about',
  '/projects',
  ...Array.from({ length: 8 }, (_, id) => `/projects/project/${id}`),
  '/resume',
  '/no/such/page',
];
const widths = [375, 1280];
const schemes = ['light', 'dark'] as const;

/** Scrolls through the page once, so what loads near the screen (the captcha, lazy images) is there. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

for (const path of paths) {
  for (const width of widths) {
    test(`axe finds nothing serious on ${path} at ${width} px, light and dark`, async ({ page }) => {
      // two full axe scans of a whole page: on a busy 2-core machine each may take several seconds
      test.setTimeout(90_000);
      const findings: string[] = [];
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settle(page);
      // the dark scheme is CSS colours only (prefers-color-scheme): the same page, its colours checked again
      for (const colorScheme of schemes) {
        await page.emulateMedia({ colorScheme });
        await colourTransitionsEnded(page);
        const colourOnly = colorScheme !== 'light';
        for (const finding of await seriousAxeFindings(page, { colourOnly }))
          findings.push(`${colorScheme} ${finding}`);
      }
      expect(findings).toEqual([]);
    });
  }
}
