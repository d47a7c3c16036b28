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

for (const { path, title } of routes) {
  test(`the shared frame surrounds ${path}`, async ({ page }) => {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle(pageTitle(title ?? (await heading.innerText())));

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: siteConfig.ownerName })).toHaveAttribute('href', '/');
    for (const section of ['About', 'Projects', 'Resume']) {
      await expect(header.getByRole('link', { name: section, exact: true })).toHaveAttribute(
        'href',
        `/${section.toLowerCase()}`,
      );
    }
    for (const profile of siteConfig.profiles) {
      const link = header.getByRole('link', { name: `${profile.label} profile (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', profile.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // a mark a visitor recognises: the brand's own where the link goes to GitHub or LinkedIn
      const host = new URL(profile.url).hostname;
      const brand = ['github', 'linkedin'].find((name) => host === `${name}.com` || host.endsWith(`.${name}.com`));
      const mark = link.locator('svg[aria-hidden="true"]');
      await expect(mark).toHaveAttribute('data-mark', brand ?? profile.kind);
      const box = await mark.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(20);
    }

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${siteConfig.ownerName}`);
    await expect(footer).toContainText('Built with React.');
    await expect(footer.getByRole('link', { name: 'login' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
  });
}

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

test('header links navigate inside the page, marking the current section', async ({ page }) => {
  await page.goto('/');
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
