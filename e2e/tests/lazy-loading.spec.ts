import { expect, test } from '@playwright/test';
import { recordRequests, remotesIn } from '../support/network-log';

test('home fetches only the shell and mf-home; other remotes load on first visit', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'HELLO' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remotesIn(requests)).toEqual(['home']);

  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
  expect(remotesIn(requests)).toEqual(['about', 'home']);
});

test('a deep link fetches the shell and only the remote it needs', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/projects/project/0');
  await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  expect(remotesIn(requests)).toEqual(['projects']);
  // the write-up is its own chunk: the list page never fetches the bodies of the projects
  expect(requests.filter((url) => /project-.*\.js$/.test(url))).toHaveLength(1);
});

test('hovering a section link preloads its remote before the click', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(remotesIn(requests)).not.toContain('resume');
  await page.getByRole('banner').getByRole('link', { name: 'Resume', exact: true }).hover();
  await expect.poll(() => remotesIn(requests)).toContain('resume');
});
