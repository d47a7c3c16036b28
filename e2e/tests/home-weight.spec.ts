import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Encoded (compressed) bytes of every script the page fetched, by URL. */
function scriptBytes(page: Page): Map<string, number> {
  const bytes = new Map<string, number>();
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script' || !request.url().startsWith('http://127.0.0.1')) return;
    bytes.set(request.url(), (await request.sizes()).responseBodySize);
  });
  return bytes;
}

const total = (bytes: Map<string, number>, filter: (url: string) => boolean = () => true) =>
  [...bytes].filter(([url]) => filter(url)).reduce((sum, [, size]) => sum + size, 0);

test('home loads only its page code at first; captcha, modal and schema come when the form is near', async ({
  page,
  captchaRequests,
}) => {
  const bytes = scriptBytes(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'HELLO' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const home = total(bytes, (url) => url.includes('/sections/home/') && !/\/remoteEntry(\.[0-9a-f]+)?\.js$/.test(url));
  // the field measurements' chunk comes once the page is idle, after it is interactive: its own budget
  const fieldChunk = (url: string) => /\/field\.[0-9a-f]+\.js$/.test(url);
  const field = total(bytes, fieldChunk);
  const all = total(bytes, (url) => !fieldChunk(url));
  test.info().annotations.push({
    type: 'initial JS (compressed)',
    description: `${all} bytes, of which mf-home's page code ${home}; then the field measurements' ${field}`,
  });
  // mf-home's own first-load code: the page, doors and form, not the captcha, modal or zod
  expect(home).toBeLessThan(12 * 1024);
  // a guard against growth: ~147 KiB, of which the shell (react-dom, the router, the one federation
  // runtime, the owner's route entries, the GitHub mark, the error listeners that must run from the first
  // moment) ~131 and mf-home's entry, without a runtime of its own, ~9 (with the form's no-JavaScript line)
  expect(all).toBeLessThan(148 * 1024);
  // web-vitals 5's four metrics and the collector, 3,170 B on the wire; field-weight.spec.ts guards it with the
  // first chunk's share (docs/performance.md "Field measurements")
  expect(field).toBeGreaterThan(0);
  expect(field).toBeLessThan(3_300);
  expect(captchaRequests).toEqual([]);

  const before = bytes.size;
  await page.getByRole('heading', { name: 'Contact Me' }).scrollIntoViewIfNeeded();
  await page.getByRole('textbox', { name: 'First name' }).focus();
  await expect(page.locator('.fake-recaptcha')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(captchaRequests.some((url) => url.startsWith('https://www.google.com/recaptcha/api.js'))).toBe(true);
  expect(bytes.size).toBeGreaterThan(before);
});
