import type { Locator, Page } from '@playwright/test';
import { colourTransitionsEnded } from '../support/axe';
import { expect, test } from '../support/fixtures';

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

/** Focus as a keyboard user would have it (so :focus-visible applies), then measure the ring. */
async function ringContrast(page: Page, target: Locator): Promise<number> {
  await page.keyboard.press('Tab');
  await target.focus();
  await expect(target).toBeFocused();
  // the ring fades in (Bootstrap's box-shadow transition): measure it once it is all there
  await colourTransitionsEnded(page);
  const { ring, behind } = await ringAndBackground(target);
  expect(ring).not.toBe('');
  return contrast(ring, behind);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`focus rings stand out 3:1 against what is behind them (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const measured: Array<[string, number]> = [];
    const measure = async (name: string, target: Locator) =>
      measured.push([name, Math.round((await ringContrast(page, target)) * 10) / 10]);

    await page.goto('/');
    await measure('header link', page.getByRole('banner').getByRole('link', { name: 'About', exact: true }));
    await measure('door', page.locator('[data-door-group="1"]').getByRole('link'));
    await measure(
      'doormat label',
      page.locator('[data-door-group="1"]').getByRole('group').getByRole('button').first(),
    );
    await measure('text field', page.getByRole('textbox').first());
    await measure('button', page.getByRole('button', { name: 'Submit' }));

    await page.goto('/projects');
    await measure('project card', page.getByRole('article').first().getByRole('link'));

    await page.goto('/resume');
    await measure('tab', page.getByRole('tab').first());

    await page.goto('/no/such/page');
    await measure(
      "error page's home link",
      page.getByRole('main').getByRole('link', { name: 'Back to the home page' }),
    );

    expect(measured).toHaveLength(8);
    expect(measured.filter(([, ratio]) => ratio < 3)).toEqual([]);
  });
}
