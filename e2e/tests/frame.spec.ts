import { expect, test } from '@playwright/test';
import { pageTitle, siteConfig } from '../support/content';

const { titles } = siteConfig;
// a project page is titled after its project: its own heading
const routes = [
  { path: '/', title: titles.home },
  { path: '/about', title: titles.about },
  { path: '/projects', title: titles.projects },
  { path: '/projects/project/2', title: null },
  { path: '/resume', title: titles.resume },
];

// what the header and the footer say and link to is the shell's component test (shell/src/layout/site-frame.test.tsx);
// here, that the built site draws the frame around every route's page, titled after it, its marks at a size a
// visitor sees, in one page walking the routes as a visitor's tab does
test('the shared frame surrounds every route, each titled after its page; header links navigate inside the page, marking the current section', async ({
  page,
}) => {
  for (const { path, title } of routes) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(page, path).toHaveTitle(pageTitle(title ?? (await heading.innerText())));
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: siteConfig.ownerName })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    // the faint login link is faint, not hidden
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'login' })).toBeVisible();
  }
  const marks = page.getByRole('banner').locator('.site-profile-link svg[aria-hidden="true"]');
  await expect(marks).toHaveCount(siteConfig.profiles.length);
  for (const mark of await marks.all()) expect((await mark.boundingBox())?.width).toBeGreaterThanOrEqual(20);

  // from the walk's last page, the header's links move inside the page: no load
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('banner').getByRole('link', { name: siteConfig.ownerName }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('an unknown path shows the error page inside the frame', async ({ page }) => {
  await page.goto('/no/such/page');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(main).toContainText(
    'Sorry, an unexpected error has occurred. Please contact the site administrator for assistance.',
  );
  await expect(main.locator('i')).toHaveText('Not Found');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
