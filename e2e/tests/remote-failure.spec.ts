import { expect, test, type Page } from '@playwright/test';

const unavailable = (page: Page) => page.getByRole('heading', { name: 'This part of the site is unavailable' });

test('a remote that is down breaks only its routes, and Retry recovers without a reload', async ({ page }) => {
  // the projects server is unreachable: every request for its files fails at the network
  await page.route('**/sections/projects/**', (route) => route.abort('connectionrefused'));
  await page.goto('/projects');
  await expect(unavailable(page)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('The Projects section could not be loaded.');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // the other sections keep working
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(unavailable(page)).toBeVisible();

  // the server comes back; Retry loads the section in place
  await page.unroute('**/sections/projects/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Coding projects:' }).getByRole('article')).toHaveCount(3);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('a remote whose entry answers 404 or a broken script shows the retry view', async ({ page }) => {
  // the page names each section's hashed entry (remoteEntry.<hash>.js), Retry the one remotes.json names
  await page.route('**/sections/resume/*/remoteEntry*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.route('**/sections/about/*/remoteEntry*.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken build");' }),
  );
  await page.goto('/resume');
  await expect(unavailable(page)).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(unavailable(page)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('The About section could not be loaded.');
  await page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

test('a chunk that fails after the entry loaded is retried too', async ({ page }) => {
  let failures = 0;
  await page.route('**/sections/projects/*/__federation_expose_*.js', (route) => {
    failures += 1;
    return route.abort('connectionreset');
  });
  await page.goto('/projects');
  await expect(unavailable(page)).toBeVisible();
  expect(failures).toBeGreaterThan(0);
  await page.unroute('**/sections/projects/*/__federation_expose_*.js');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Other projects:' }).getByRole('article')).toHaveCount(5);
});
