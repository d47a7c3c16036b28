import { expect, test } from '@playwright/test';
import { keepServerHeading, serverHeadingKept } from '../support/hydration';

/** The way out that the 'Oops!' page offers inside itself (a visitor on a broken page should not need the header). */
const homeLink = 'Back to the home page';

test("the 'Oops!' page, inside the frame and hydrated on the server's markup, links home from inside the page, reached by keyboard with a visible focus", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(keepServerHeading);
  await page.goto('/no/such/page');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Jordan Reyes');
  await expect(main).toContainText(
    'Sorry, an unexpected error has occurred. Please contact the site administrator for assistance.',
  );
  await expect(main.locator('i')).toHaveText('Not Found');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // hydration kept the server's elements, without an error
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(serverHeadingKept)).toBe(true);
  expect(errors).toEqual([]);

  const link = main.getByRole('link', { name: homeLink });
  await expect(link).toHaveAttribute('href', '/');

  // Tab from the top of the page: the header's links first, then the page's own link
  let tabs = 0;
  while (!(await link.evaluate((element) => element === document.activeElement)) && tabs < 20) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  await expect(link).toBeFocused();
  const ring = await link.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth), shadow: style.boxShadow };
  });
  expect(ring.outline >= 2 || ring.shadow !== 'none').toBe(true);

  // Enter follows it inside the page, as the site's other links do
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'HELLO' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the server's 404 page links home with JavaScript off", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: homeLink }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'HELLO' })).toBeVisible();
  await context.close();
});
