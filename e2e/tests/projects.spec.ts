import { expect, test } from '@playwright/test';

test('the projects list has coding and other projects as cards', async ({ page }) => {
  await page.goto('/projects');
  const coding = page.getByRole('region', { name: 'Coding projects:' });
  const other = page.getByRole('region', { name: 'Other projects:' });
  await expect(coding.getByRole('article')).toHaveCount(3);
  await expect(other.getByRole('article')).toHaveCount(5);
  await expect(coding.getByRole('link')).toHaveText([
    'HTML Portfolio Site',
    'Blog Site and RESTful Concepts',
    'To-Do Teams',
  ]);
  await expect(other.getByRole('link', { name: 'Operation Grandmaster' })).toHaveAttribute(
    'href',
    '/projects/project/7',
  );

  // projects 5 and 6 have no thumbnail: both show the default card image, which no other card uses
  const imageOf = (title: string) =>
    page.getByRole('article').filter({ hasText: title }).locator('img').getAttribute('src');
  const defaultImage = await imageOf('Self Hosted Game Servers');
  expect(defaultImage).toMatch(/default-card/);
  expect(await imageOf('Vintage Motorcycle Rebuild')).toBe(defaultImage);
  expect(await imageOf('To-Do Teams')).not.toBe(defaultImage);
  for (const image of await page.locator('article img').all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test('a project page: back buttons, centred title, highlighted code, markdown as spans', async ({ page }) => {
  await page.goto('/projects');
  await page.getByRole('link', { name: 'To-Do Teams' }).click();
  await expect(page).toHaveURL(/\/projects\/project\/2$/);
  const title = page.getByRole('heading', { level: 1, name: 'To-Do Teams' });
  await expect(title).toHaveCSS('text-align', 'center');
  await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveCount(2);
  await expect(page.locator('pre code .hljs-keyword').first()).toBeVisible();
  await expect(page.locator('.md-body p')).toHaveCount(0);
  await expect(page.locator('.md-body span.md-paragraph').first()).toContainText('shared task list');
  await expect(page.getByRole('region', { name: 'Coding projects:' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to Projects' }).last().click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('region', { name: 'Coding projects:' })).toBeVisible();
});

test('images in a write-up are centred at 60% width', async ({ page }) => {
  await page.goto('/projects/project/3');
  const image = page.getByRole('img', { name: 'A diagram of the four home network segments' });
  await expect(image).toBeVisible();
  const [imageBox, bodyBox] = await Promise.all([image.boundingBox(), page.locator('.md-body').boundingBox()]);
  expect(imageBox!.width / bodyBox!.width).toBeCloseTo(0.6, 2);
  const leftGap = imageBox!.x - bodyBox!.x;
  const rightGap = bodyBox!.x + bodyBox!.width - (imageBox!.x + imageBox!.width);
  expect(Math.abs(leftGap - rightGap)).toBeLessThan(1);
});

for (const id of ['5', '6']) {
  test(`project ${id} has an empty body and still renders`, async ({ page }) => {
    await page.goto(`/projects/project/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveCount(2);
  });
}

for (const id of ['8', 'abc', '-1']) {
  test(`an unknown project id (${id}) redirects to the list`, async ({ page }) => {
    await page.goto(`/projects/project/${id}`);
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  });
}
