import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { comparable, positionsIn, resume, resumeFile, resumeReadingOrder, siteConfig } from '../support/content';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const shownPanel = (page: Page) => page.locator('[role="tabpanel"]:visible');
const downloadButton = (page: Page) => page.getByRole('button', { name: 'Download Resume' });

test('the header card, the headings and the summary; the card is balanced: portrait | name, title and contact links | Download Resume', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/resume');
  const card = page.getByRole('region', { name: 'Resume header' });
  const portraitImage = card.getByRole('img', { name: `Portrait of ${siteConfig.ownerName}` });
  await expect(portraitImage).toBeVisible();
  await expect(portraitImage).toHaveCSS('border-radius', '50%');
  await expect.poll(() => portraitImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(card).toContainText(resume.headerCard.title);
  await expect(downloadButton(page)).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1, name: 'Resume' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(resume.summary);

  await expect(card).toContainText(siteConfig.ownerName);
  const links = card.getByRole('list', { name: 'Contact and profiles' });
  await expect(links.getByRole('link', { name: siteConfig.contactTo })).toHaveAttribute(
    'href',
    `mailto:${siteConfig.contactTo}`,
  );
  for (const profile of siteConfig.profiles) {
    await expect(links.getByRole('link', { name: `${profile.label} profile (opens in a new tab)` })).toHaveAttribute(
      'href',
      profile.url,
    );
  }
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  const [cardBox, portrait, text, button] = await Promise.all([
    box(card),
    box(card.getByRole('img')),
    box(links.locator('xpath=..')),
    box(downloadButton(page)),
  ]);
  // one row: the portrait on the left, the text in the middle, the button at the right edge
  expect(portrait.x + portrait.width).toBeLessThan(text.x);
  expect(text.x + text.width).toBeLessThanOrEqual(button.x);
  expect(cardBox.x + cardBox.width - (button.x + button.width)).toBeLessThan(48);
  for (const item of [text, button]) {
    const middle = item.y + item.height / 2;
    expect(middle).toBeGreaterThan(portrait.y);
    expect(middle).toBeLessThan(portrait.y + portrait.height);
  }

  // a phone: one column, nothing wider than the screen
  await page.setViewportSize({ width: 375, height: 800 });
  const [narrowCard, narrowPortrait, narrowButton] = await Promise.all([
    box(card),
    box(card.getByRole('img')),
    box(downloadButton(page)),
  ]);
  expect(narrowButton.y).toBeGreaterThan(narrowPortrait.y + narrowPortrait.height);
  expect(narrowCard.x + narrowCard.width).toBeLessThanOrEqual(375);
  for (const link of await links.getByRole('link').all()) {
    const linkBox = await box(link);
    expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(narrowCard.x + narrowCard.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('five tabs, Experience first; clicks and arrow keys switch them', async ({ page }) => {
  await page.goto('/resume');
  await expect(page.getByRole('tab')).toHaveText(['Experience', 'Education & Training', 'Skills', 'Honors', 'Other']);
  await expect(tab(page, 'Experience')).toHaveAttribute('aria-selected', 'true');
  await expect(shownPanel(page)).toHaveCount(1);
  const { experience, education, skills, honors, other } = resume.resumeBody;
  await expect(shownPanel(page).getByRole('heading', { level: 3 })).toHaveText(experience.map((item) => item.company));
  await expect(shownPanel(page).getByRole('heading', { level: 4 })).toHaveText(
    experience.flatMap((item) => item.roleList.map((role) => role.roleTitle)),
  );

  await tab(page, 'Education & Training').click();
  await expect(tab(page, 'Education & Training')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Experience')).toHaveAttribute('aria-selected', 'false');
  await expect(shownPanel(page)).toHaveCount(1);
  await expect(shownPanel(page).getByRole('heading', { level: 3 })).toHaveText(
    education.map((item) => item.institution),
  );
  await expect(page.getByRole('heading', { level: 3, name: experience[0]?.company })).toBeHidden();

  await tab(page, 'Skills').click();
  for (const item of skills) await expect(shownPanel(page)).toContainText(item.skillExampleList.join(', '));

  // the keyboard moves between tabs from the selected one, as the ARIA tabs pattern has it
  await expect(tab(page, 'Skills')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Honors')).toBeFocused();
  await expect(tab(page, 'Honors')).toHaveAttribute('aria-selected', 'true');
  await expect(shownPanel(page).getByRole('listitem')).toHaveText(honors);
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Other')).toHaveAttribute('aria-selected', 'true');
  for (const item of other) {
    await expect(shownPanel(page)).toContainText(item.title);
    await expect(shownPanel(page)).toContainText(item.list.join(', '));
  }
});

test('Download Resume saves a PDF built from the resume data, busy while it downloads', async ({ page }) => {
  await page.goto('/resume');
  // hold the answer back a moment, to see the busy state
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/download', async (route) => {
    await held;
    await route.continue();
  });
  let downloads = 0;
  page.on('request', (request) => (downloads += request.url().endsWith('/api/download') ? 1 : 0));
  const requestSeen = page.waitForRequest('**/api/download');
  const downloadSeen = page.waitForEvent('download');
  await downloadButton(page).focus();
  await page.keyboard.press('Enter');

  const request = await requestSeen;
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toEqual({ resource: 'resume' });
  expect(request.headers()['content-type']).toBe('application/json');
  const busy = page.getByRole('button', { name: 'Downloading...' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  // busy, the button keeps keyboard focus (aria-disabled, not disabled) and a second press starts nothing
  await expect(busy).toBeFocused();
  await page.keyboard.press('Enter');
  release();

  const download = await downloadSeen;
  expect(download.suggestedFilename()).toBe(resumeFile);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = comparable(execFileSync('pdftotext', ['-', '-'], { input: file }).toString());
  expect(text).toContain(comparable(siteConfig.ownerName));
  for (const item of resume.resumeBody.experience) expect(text).toContain(comparable(item.company));
  await expect(downloadButton(page)).toBeEnabled();
  await expect(downloadButton(page)).toBeFocused();
  expect(downloads).toBe(1);
});

test('a failed download is only logged, and the visitor can try again', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => dialogs.push(dialog.message()));
  await page.goto('/resume');
  await page.route('**/api/download', (route) => route.fulfill({ status: 503, json: { statusCode: 503 } }));
  await downloadButton(page).click();
  await expect.poll(() => errors.some((text) => text.includes('The resume could not be downloaded'))).toBe(true);
  await expect(downloadButton(page)).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(dialogs).toEqual([]);

  await page.unroute('**/api/download');
  const downloadSeen = page.waitForEvent('download');
  await downloadButton(page).click();
  expect((await downloadSeen).suggestedFilename()).toBe(resumeFile);
});

test('printed (A4 and Letter), /resume is the resume alone, in the order the downloaded PDF reads', async ({
  page,
}, testInfo) => {
  const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString();
  const order = resumeReadingOrder();
  await page.goto('/resume');
  await expect(tab(page, 'Experience')).toHaveAttribute('aria-selected', 'true');
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await page.pdf({ format });
    writeFileSync(testInfo.outputPath(`resume-${format}.pdf`), pdf);
    const text = pdfText(pdf);
    // two pages at most (pdftotext ends each with a form feed)
    expect(text.split('\f').length - 1).toBeLessThanOrEqual(2);
    // every tab's content, in reading order: each part found after the one before
    expect(order.filter((_, index) => positionsIn(text, order)[index]! < 0)).toEqual([]);
    // no navigation, buttons, tabs or footer; the profiles' addresses written out
    for (const absent of ['Download Resume', 'Built with React', 'Skip to content', 'login', 'opens in a new tab'])
      expect([format, absent, text.includes(absent)]).toEqual([format, absent, false]);
    expect(text).not.toMatch(/^(About|Projects)$/m);
    for (const profile of siteConfig.profiles) expect(comparable(text)).toContain(comparable(profile.url));
    expect(text).toContain(siteConfig.contactTo);
  }
  // the PDF Download Resume gives reads in the same order
  const downloaded = await page.request.post('/api/download', { data: { resource: 'resume' } });
  const downloadedText = pdfText(await downloaded.body());
  expect(order.filter((_, index) => positionsIn(downloadedText, order)[index]! < 0)).toEqual([]);
});
