import type { Browser } from '@playwright/test';
import { hydratedAttribute } from '@portfolio/contracts/hydration-marker';
import { siteConfig } from '../support/content';
import { expect, test } from '../support/fixtures';

/**
 * Moves through the sections by the header's links, and answers, for each view transition the page started
 * (document.startViewTransition, which React Router calls for a link with viewTransition), how many animations
 * of its pseudo-elements ran: what the visitor sees move.
 */
async function transitionsOnTheWay(browser: Browser, reducedMotion: 'reduce' | 'no-preference') {
  const context = await browser.newContext({ reducedMotion });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const counted = window as unknown as { viewTransitions: number[] };
    counted.viewTransitions = [];
    const start = document.startViewTransition.bind(document);
    document.startViewTransition = ((update?: () => void) => {
      const transition = start(update);
      const index = counted.viewTransitions.push(-1) - 1;
      void transition.ready.then(() => {
        counted.viewTransitions[index] = document
          .getAnimations()
          .filter((animation) =>
            (animation.effect as KeyframeEffect | null)?.pseudoElement?.startsWith('::view-transition'),
          ).length;
      });
      return transition;
    }) as typeof document.startViewTransition;
  });
  await page.goto('/');
  await expect(page.locator(`html[${hydratedAttribute}]`)).toBeAttached();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await nav.getByRole('link', { name: 'Resume', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resume' })).toBeVisible();
  await nav.getByRole('link', { name: siteConfig.ownerName, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'HELLO' })).toBeVisible();
  // one document all along: each move was a client-side navigation
  const counted = () => page.evaluate(() => (window as unknown as { viewTransitions: number[] }).viewTransitions);
  await expect.poll(async () => (await counted()).includes(-1)).toBe(false);
  const animations = await counted();
  await context.close();
  return animations;
}

test('moving between sections is a view transition, and nothing moves when the visitor prefers reduced motion', async ({
  browser,
}) => {
  const moving = await transitionsOnTheWay(browser, 'no-preference');
  expect(moving).toHaveLength(3);
  for (const animations of moving) expect(animations).toBeGreaterThan(0);
  // the same navigations, whose transitions animate nothing (site.css)
  expect(await transitionsOnTheWay(browser, 'reduce')).toEqual([0, 0, 0]);
});
