import type { Locator, Page } from '@playwright/test';
import { colourTransitionsEnded } from '../support/axe';
import { expect, test } from '../support/fixtures';

const schemes = ['light', 'dark'] as const;

/** WCAG's contrast ratio of two computed CSS colours (rgb()/rgba(), alpha ignored). */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const value = Number(part) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The focused control's ring (its outline, or the outer colour of a box-shadow ring, on it or on the card
 * around it) and the colour of what is behind the ring (the nearest painted background outside it).
 */
async function ringAndBackground(target: Locator): Promise<{ ring: string; behind: string }> {
  return target.evaluate((element) => {
    const painted = (color: string) => color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent';
    let ringOwner: Element | null = element;
    let ring = '';
    for (let depth = 0; ringOwner && depth < 4 && !ring; depth += 1) {
      const style = getComputedStyle(ringOwner);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ring = style.outlineColor;
      else if (style.boxShadow !== 'none') ring = style.boxShadow.match(/rgba?\([^)]*\)/g)?.at(-1) ?? '';
      if (!ring) ringOwner = ringOwner.parentElement;
    }
    let behind = ringOwner?.parentElement ?? null;
    while (behind && !painted(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
    return { ring, behind: behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)' };
  });
}

/**
 * Focus as a keyboard user would have it (so :focus-visible applies), then measure the ring in each scheme: the dark
 * scheme is CSS colours only (prefers-color-scheme), so the same focused control is measured again once its
 * colours have arrived, not on a page loaded again.
 */
async function ringContrasts(page: Page, target: Locator): Promise<Record<(typeof schemes)[number], number>> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Tab');
  await target.focus();
  await expect(target).toBeFocused();
  const ratios = { light: 0, dark: 0 };
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    // the ring fades in (Bootstrap's box-shadow transition), and a scheme's colours too: measured once all there
    await colourTransitionsEnded(page);
    await expect(target).toBeFocused();
    const { ring, behind } = await ringAndBackground(target);
    expect(ring, `${colorScheme}: a ring`).not.toBe('');
    ratios[colorScheme] = Math.round(contrast(ring, behind) * 10) / 10;
  }
  return ratios;
}

test('focus rings stand out 3:1 against what is behind them, light and dark', async ({ page }) => {
  const measured: Array<[string, (typeof schemes)[number], number]> = [];
  const measure = async (name: string, target: Locator) => {
    for (const [colorScheme, ratio] of Object.entries(await ringContrasts(page, target)))
      measured.push([name, colorScheme as (typeof schemes)[number], ratio]);
  };

  await page.goto('/');
  await measure('header link', page.getByRole('banner').getByRole('link', { name: 'About', exact: true }));
  await measure('door', page.locator('[data-door-group="1"]').getByRole('link'));
  await measure('doormat label', page.locator('[data-door-group="1"]').getByRole('group').getByRole('button').first());
  await measure('text field', page.getByRole('textbox').first());
  await measure('button', page.getByRole('button', { name: 'Submit' }));

  await page.goto('/projects');
  await measure('project card', page.getByRole('article').first().getByRole('link'));

  await page.goto('/resume');
  await measure('tab', page.getByRole('tab').first());

  await page.goto('/no/such/page');
  await measure("error page's home link", page.getByRole('main').getByRole('link', { name: 'Back to the home page' }));

  expect(measured).toHaveLength(16);
  expect(measured.filter(([, , ratio]) => ratio < 3)).toEqual([]);
});
