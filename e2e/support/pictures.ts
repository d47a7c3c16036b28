import { test, type Locator, type Page } from '@playwright/test';

/**
 * Pictures of a screen for a person to open and look at (docs/testing.md "Looking at pages"), taken only with
 * `E2E_SCREENSHOTS=1`: they assert nothing, and on every run they cost the lane seconds of work nobody looks at.
 * Each goes to the test's output folder (e2e/.artifacts/test-results/<test>/<name>.png).
 */
export async function picture(target: Page | Locator, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = test.info().outputPath(`${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

/** `picture` at a phone's width and a desktop's; the page is left at 1280 × 900 whether pictures are taken or not. */
export async function picturesAtBothWidths(page: Page, target: Page | Locator, name: string): Promise<void> {
  for (const width of process.env.E2E_SCREENSHOTS ? [375, 1280] : [1280]) {
    await page.setViewportSize({ width, height: 900 });
    await picture(target, `${name}-${width}`);
  }
}
