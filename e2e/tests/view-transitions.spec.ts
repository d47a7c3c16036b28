import type { Browser } from '@playwright/test';
import { hydratedAttribute } from '@portfolio/contracts/hydration-marker';
import { siteConfig } from '../support/content';
import { expect, test } from '../support/fixtures';

/**
 * Moves through the sections by the header's links and a door, counting the view transitions the page starts
 * (document.startViewTransition, which React Router calls for a link with viewTransition).
 */
async function transitionsOnTheWay(browser: Browser, reducedMotion: 'reduce' | 'no-preference') {
  const context = await browser.newContext({ reducedMotion });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const counted = window as unknown as { viewTransitions: string[] };
    counted.viewTransitions = [];
    const start = document.startViewTransition.bind(document);
    document.startViewTransition = ((update?: () => void) => {
      counted.viewTransitions.push(location.pathname);
      return start(update);
    }) as typeof document.startViewTransition;
  });
  await page.goto('/');
  await expect(page.locator(`html[${hydratedAttribute}]`)).toBeAttached();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await nav.getByRole('link', { name: 'Resume', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resume' })).toBeVisible();
  await nav.getByRole('link', { name: 'About', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
  await nav.getByRole('link', { name: siteConfig.ownerName, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'HELLO' })).toBeVisible();
  // one document all along: each move was a client-side navigation
  const counted = await page.evaluate(() => (window as unknown as { viewTransitions: string[] }).viewTransitions);
  await context.close();
  return counted;
}

test('moving between sections is a view transition, and none when the visitor prefers reduced motion', async ({
  browser,
}) => {
  expect(await transitionsOnTheWay(browser, 'no-preference')).toHaveLength(4);
  expect(await transitionsOnTheWay(browser, 'reduce')).toEqual([]);
});
