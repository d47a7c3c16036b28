import { expect, test, type Page } from '@playwright/test';
import { recordTransfer } from '../support/page-weight';

const gallery = (page: Page) => page.getByRole('region', { name: 'Favorite Photos' });
const indicator = (page: Page, n: number) =>
  gallery(page).getByRole('button', { name: `Show photo ${n}`, exact: true });
/** The slide the carousel shows, as its indicators tell assistive technology (1-based). */
const shownSlide = (page: Page) =>
  gallery(page)
    .getByRole('button', { name: /^Show photo \d+$/ })
    .evaluateAll((buttons) => buttons.findIndex((button) => button.getAttribute('aria-current') === 'true') + 1);
/** A slide transition is over: prev/next and swipes are ignored while one runs. */
const transitionDone = (page: Page) =>
  expect(gallery(page).locator('.carousel-item-next, .carousel-item-prev')).toHaveCount(0);

test('the About page: heading, intro, a gallery of 13 photos, book lists side by side, the philosophy panel closed at first; at most 600 KB on the wire', async ({
  page,
}) => {
  const transfer = await recordTransfer(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
  // the intro is rendered markdown: text, no markup left over
  const intro = page.getByRole('main').locator('.md-body').first();
  await expect(intro).toBeVisible();
  await expect(intro).not.toHaveText('');
  await expect(intro).not.toContainText('**');
  await expect(gallery(page).getByRole('heading', { level: 2, name: 'Favorite Photos' })).toBeVisible();
  await expect(gallery(page).locator('[aria-roledescription="slide"]')).toHaveCount(13);
  await expect(gallery(page).getByRole('button', { name: /^Show photo \d+$/ })).toHaveCount(13);
  expect(await shownSlide(page)).toBe(1);

  // docs/product-rules.md: gallery images at 60% width, centred
  const shown = gallery(page).locator('.carousel-item.active img');
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const [imageBox, galleryBox] = await Promise.all([
    shown.boundingBox(),
    gallery(page).locator('.carousel').boundingBox(),
  ]);
  expect(imageBox!.width / galleryBox!.width).toBeCloseTo(0.6, 2);
  expect((await shown.getAttribute('alt'))?.trim()).toBeTruthy();

  // the two book lists, titled by the owner's data, after the gallery
  const [influences, loved] = await page
    .getByRole('main')
    .locator('section.card')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .all();
  if (!influences || !loved) throw new Error('the About page should have two book lists');
  await expect(influences.getByRole('heading', { level: 2 })).not.toHaveText('');
  await expect(loved.getByRole('heading', { level: 2 })).not.toHaveText('');
  expect(await influences.getByRole('listitem').count()).toBeGreaterThan(0);
  const [left, right] = [await influences.boundingBox(), await loved.boundingBox()];
  expect(Math.abs(left!.y - right!.y)).toBeLessThan(1);
  expect(right!.x).toBeGreaterThan(left!.x + left!.width);

  // the whole page as a visitor first gets it, its shown photo in
  await page.waitForLoadState('networkidle');
  expect(transfer.totalBytes()).toBeLessThan(600 * 1024);

  // the personal philosophy panel is closed at first, then opens and closes
  const deepDive = page.getByRole('region', { name: 'Get to know me deep dive:' });
  await expect(deepDive.getByRole('heading', { level: 2, name: 'Get to know me deep dive:' })).toBeVisible();
  const toggle = deepDive.getByRole('button', { name: 'Personal Philosphy on Life and Work:' });
  const statement = deepDive.locator('.collapse .md-body');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(statement).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(statement).toBeVisible();
  await expect(deepDive.locator('.collapse.show')).toHaveCount(1);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(statement).toBeHidden();

  // then the four lists (joys, goals, admired qualities, qualities to improve), each titled by the data
  const listTitles = deepDive.getByRole('region').getByRole('heading', { level: 3 });
  await expect(listTitles).toHaveCount(4);
  for (const title of await listTitles.all()) await expect(title).not.toHaveText('');

  // on a phone too, side by side (the spec), each column readable: nothing cut off, type not tiny
  await page.setViewportSize({ width: 375, height: 800 });
  const [narrowLeft, narrowRight] = [await influences.boundingBox(), await loved.boundingBox()];
  expect(Math.abs(narrowLeft!.y - narrowRight!.y)).toBeLessThan(1);
  expect(narrowRight!.x).toBeGreaterThan(narrowLeft!.x + narrowLeft!.width);
  expect(narrowRight!.x + narrowRight!.width).toBeLessThanOrEqual(375);
  for (const list of [influences, loved]) {
    expect((await list.boundingBox())!.width).toBeGreaterThanOrEqual(150);
    const { overflows, fontSize } = await list.evaluate((card) => ({
      overflows: card.scrollWidth > card.clientWidth,
      fontSize: parseFloat(getComputedStyle(card.querySelector('li')!).fontSize),
    }));
    expect(overflows).toBe(false);
    expect(fontSize).toBeGreaterThanOrEqual(13);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

/**
 * The gallery's timers on Playwright's clock, paused once its code runs: its 5 s pass exactly and in no time, on
 * any machine. The server's markup is there before hydration; React's own key on the carousel says it has taken
 * over, and a message through a MessageChannel (not a timer, so not paused) lets its effects run first.
 */
async function galleryOnPausedClock(page: Page) {
  await page.clock.install();
  await page.goto('/about');
  await page.waitForFunction(() => {
    const carousel = document.querySelector('.carousel');
    return carousel !== null && Object.keys(carousel).some((key) => key.startsWith('__reactFiber'));
  });
  // a little ahead of the page's time, which flows until then (a time behind it is refused)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  await effectsRun(page);
}

/** The page's pending React work has run: a task posted now comes after it (MessageChannel, as React's scheduler). */
const effectsRun = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      }),
  );

test('the gallery moves on 5 s after a photo is shown, then wraps around both ways', async ({ page }) => {
  await galleryOnPausedClock(page);
  // the first photo's 5 s began when the carousel's code ran, before the clock stood still
  await page.clock.runFor(5_000);
  await expect(indicator(page, 2)).toHaveAttribute('aria-current', 'true');
  // the second's begin once it is shown: on the clock, which stands still meanwhile
  await transitionDone(page);
  await effectsRun(page);
  await page.clock.runFor(4_900);
  expect(await shownSlide(page)).toBe(2);
  await page.clock.runFor(200);
  await expect(indicator(page, 3)).toHaveAttribute('aria-current', 'true');
  // the photo now shown was loaded ahead of time
  await transitionDone(page);
  const shown = gallery(page).locator('.carousel-item.active img');
  expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await indicator(page, 1).click();
  // the slide to the first photo has begun (its indicator says so in the same render) before its end is awaited: a
  // fresh clone's run looked for the end before the start, and its Previous came mid-slide and was ignored
  await expect(indicator(page, 1)).toHaveAttribute('aria-current', 'true');
  await transitionDone(page);
  await gallery(page).getByRole('button', { name: 'Previous photo' }).click();
  await expect(indicator(page, 13)).toHaveAttribute('aria-current', 'true');
  await transitionDone(page);
  await expect(gallery(page).locator('.carousel-item').last()).toHaveClass(/\bactive\b/);
  await gallery(page).getByRole('button', { name: 'Next photo' }).click();
  await expect(indicator(page, 1)).toHaveAttribute('aria-current', 'true');
});

test('the gallery stands still while hovered, and moves on when the pointer leaves', async ({ page }) => {
  await galleryOnPausedClock(page);
  await gallery(page).locator('.carousel-item.active img').hover();
  await effectsRun(page);
  await page.clock.runFor(6_500);
  expect(await shownSlide(page)).toBe(1);
  await page.mouse.move(0, 0);
  await effectsRun(page);
  await page.clock.runFor(5_100);
  await expect(indicator(page, 2)).toHaveAttribute('aria-current', 'true');
});

test('the gallery does not move by itself for visitors who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await galleryOnPausedClock(page);
  await expect(gallery(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  await expect(gallery(page).locator('.carousel')).not.toHaveClass(/\bslide\b/);
  await page.clock.runFor(60_000);
  expect(await shownSlide(page)).toBe(1);
  await gallery(page).getByRole('button', { name: 'Next photo' }).click();
  await expect(indicator(page, 2)).toHaveAttribute('aria-current', 'true');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test('a swipe of more than 40 px changes the photo; a shorter one does not', async ({ page }) => {
    await page.goto('/about');
    const photo = gallery(page).locator('.carousel-item.active img');
    await expect(photo).toBeVisible();
    const box = (await photo.boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
      for (let step = 1; step <= 5; step += 1) {
        const x = fromX + ((toX - fromX) * step) / 5;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const middle = box.x + box.width / 2;

    await swipe(middle + 60, middle - 60);
    await expect(indicator(page, 2)).toHaveAttribute('aria-current', 'true');
    await transitionDone(page);
    await swipe(middle - 60, middle + 60);
    await expect(indicator(page, 1)).toHaveAttribute('aria-current', 'true');
    await transitionDone(page);
    await swipe(middle - 60, middle + 60);
    await expect(indicator(page, 13)).toHaveAttribute('aria-current', 'true');
    await transitionDone(page);
    await swipe(middle + 15, middle - 15);
    // the carousel decides on the touch's end, as the event is handled: once its work and React's has run, a slide
    // it started would show (as the longer swipes' did above)
    await effectsRun(page);
    await expect(gallery(page).locator('.carousel-item-next, .carousel-item-prev')).toHaveCount(0);
    expect(await shownSlide(page)).toBe(13);
  });
});

test('photos are WebP in three widths, sized before they load, and only the first two are fetched', async ({
  page,
}) => {
  const photoRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.webp')) photoRequests.push(request.url());
  });
  // hold the photos back: their boxes must already have the photos' shape
  await page.route('**/*.webp', () => undefined);
  await page.setViewportSize({ width: 1280, height: 900 });
  // the page never finishes loading: its photos are held back
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  const images = gallery(page).locator('img');
  await expect(images).toHaveCount(13);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', '1200');
    await expect(image).toHaveAttribute('height', '800');
    expect(await image.getAttribute('srcset')).toMatch(
      /-480w\.[0-9a-f]+\.webp 480w, .*-800w\.[0-9a-f]+\.webp 800w, .*\.webp 1200w$/,
    );
  }
  const box = (await gallery(page).locator('.carousel-item.active img').boundingBox())!;
  expect(box.height / box.width).toBeCloseTo(800 / 1200, 2);
  await page.waitForTimeout(500);
  expect(photoRequests).toHaveLength(2);
  await expect(images.nth(2)).toHaveAttribute('loading', 'lazy');
});
