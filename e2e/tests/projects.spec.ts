import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { projectsData } from '../support/content';
import { repoRoot } from '../support/site-server';

const ownThumbnail = (name: string) =>
  Boolean(name) && existsSync(path.join(repoRoot, 'mf-projects/src/content/images', name));

const projectIds = ['0', '1', '2', '3', '4', '5', '6', '7'];

/** The first project page whose write-up has what a test needs (the owner's write-ups decide which). */
async function openProjectWith(page: Page, selector: string): Promise<boolean> {
  for (const id of projectIds) {
    await page.goto(`/projects/project/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if ((await page.locator(selector).count()) > 0) return true;
  }
  return false;
}

test('the projects list has coding and other projects as cards', async ({ page }) => {
  await page.goto('/projects');
  const coding = page.getByRole('region', { name: 'Coding projects:' });
  const other = page.getByRole('region', { name: 'Other projects:' });
  // eight projects, 0 to 7: 0-2 are coding projects, the rest other projects (docs/product-rules.md)
  await expect(coding.getByRole('article')).toHaveCount(3);
  await expect(other.getByRole('article')).toHaveCount(5);
  const hrefs = (region: typeof coding) =>
    region.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(await hrefs(coding)).toEqual(['0', '1', '2'].map((id) => `/projects/project/${id}`));
  expect(await hrefs(other)).toEqual(['3', '4', '5', '6', '7'].map((id) => `/projects/project/${id}`));
  for (const card of await page.getByRole('article').all()) {
    await expect(card.getByRole('link')).not.toHaveText('');
    await expect(card.locator('img')).toHaveCount(1);
  }
  // every card has a picture that loads: its thumbnail, or the default card image (unit-tested in mf-projects)
  for (const image of await page.locator('article img').all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test('a project page: back buttons, centred title, highlighted code, markdown as spans', async ({ page }) => {
  await page.goto('/projects');
  const card = page.locator('a[href="/projects/project/2"]');
  const cardTitle = await card.innerText();
  await card.click();
  await expect(page).toHaveURL(/\/projects\/project\/2$/);
  const title = page.getByRole('heading', { level: 1, name: cardTitle });
  await expect(title).toHaveCSS('text-align', 'center');
  await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveCount(2);
  await expect(page.locator('.md-body p')).toHaveCount(0);
  await expect(page.locator('.md-body span.md-paragraph').first()).not.toHaveText('');
  await expect(page.getByRole('region', { name: 'Coding projects:' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to Projects' }).last().click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('region', { name: 'Coding projects:' })).toBeVisible();
});

test('images in a write-up are centred at 60% width; a picture opens full size on tap, and takes the full width on a phone', async ({
  page,
}) => {
  test.skip(!(await openProjectWith(page, '.md-body img')), 'no write-up has an image');
  // on a desktop (the default viewport, 1280 px): centred at 60 %
  const centred = page.locator('.md-body img').first();
  await expect(centred).toBeVisible();
  const [centredBox, desktopBodyBox] = await Promise.all([
    centred.boundingBox(),
    page.locator('.md-body').boundingBox(),
  ]);
  expect(centredBox!.width / desktopBodyBox!.width).toBeCloseTo(0.6, 2);
  const leftGap = centredBox!.x - desktopBodyBox!.x;
  const rightGap = desktopBodyBox!.x + desktopBodyBox!.width - (centredBox!.x + centredBox!.width);
  expect(Math.abs(leftGap - rightGap)).toBeLessThan(1);

  const link = page.locator('.md-body a:has(img)').first();
  const image = link.locator('img');
  await expect(link).toHaveCount(1);
  const src = (await image.getAttribute('src'))!;
  expect(new URL((await link.getAttribute('href'))!, page.url()).href).toBe(new URL(src, page.url()).href);
  const alt = (await image.getAttribute('alt')) ?? '';
  const name = await link.evaluate((element) => element.textContent.trim());
  expect(`${alt}${name}`.trim()).not.toBe('');
  if (alt) await expect(link).toHaveAccessibleName(new RegExp(`^${alt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

  await page.setViewportSize({ width: 375, height: 800 });
  await image.scrollIntoViewIfNeeded();
  const [imageBox, bodyBox] = await Promise.all([image.boundingBox(), page.locator('.md-body').boundingBox()]);
  expect(imageBox!.width / bodyBox!.width).toBeCloseTo(1, 2);
  // its place is kept while it loads: the size the page reserves is the picture's own shape
  const shape = await image.evaluate((img: HTMLImageElement) => ({
    reserved: img.width / img.height,
    natural: img.naturalWidth / img.naturalHeight,
  }));
  expect(shape.reserved).toBeCloseTo(shape.natural, 1);

  await link.click();
  await expect(page).toHaveURL(new URL(src, page.url()).href);
});

/**
 * One walk through the eight project pages proves what each page must have (a title, its two back buttons, its
 * thumbnail and dates) and what the write-ups have between them (highlighted code): a load per page, not per check.
 */
test("every project, 0 to 7, has its page, write-up or not, with the project's own thumbnail as a hero, its dates when it has them, and its write-up's code highlighted", async ({
  page,
}) => {
  expect(projectsData.map(({ id }) => id)).toEqual(projectIds);
  let highlighted = 0;
  for (const project of projectsData) {
    await page.goto(`/projects/project/${project.id}`);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeVisible();
    await expect(title).not.toHaveText('');
    await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveCount(2);
    // a fence in one of the languages of mf-projects/src/content/code-languages.ts gets the hljs class
    const code = page.locator('.md-body pre code.hljs');
    if ((await code.count()) > 0) {
      await expect(code.locator('[class^="hljs-"]').first()).toBeVisible();
      highlighted += 1;
    }
    const hero = page.locator('article > img');
    if (ownThumbnail(project.thumbnailImg)) {
      await expect(hero).toHaveCount(1);
      const file = path.basename(new URL((await hero.getAttribute('src'))!, page.url()).pathname);
      expect(file.startsWith(`${project.thumbnailImg.replace(/\.[a-z]+$/, '')}.`)).toBe(true);
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // between the title and the write-up
      expect((await hero.boundingBox())!.y).toBeGreaterThan((await title.boundingBox())!.y);
    } else {
      await expect(hero).toHaveCount(0);
    }
    const dates = [project.projectDate, project.lastUpdated].filter((value) => value.trim());
    const times = page.locator('article time');
    if (dates.length === 0) await expect(times).toHaveCount(0);
    else expect(await page.locator('article').innerText()).toContain(await times.first().innerText());
  }
  expect(highlighted, 'a write-up with code in a registered language').toBeGreaterThan(0);
});

// which ids are unknown (out of range, not a number, negative) is the loader's unit test
// (mf-projects/src/pages/project-route.test.ts): here, what the visitor gets for one
test('an unknown project id redirects to the list', async ({ page }) => {
  await page.goto('/projects/project/8');
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});
