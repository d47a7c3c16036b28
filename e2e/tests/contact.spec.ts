import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import site from '@portfolio/content/site.json' with { type: 'json' };
import { siteverifyUrl } from '../support/ports';
import { contactFormText } from '../support/content';
import { recordRequests } from '../support/network-log';

/** A field by its accessible name (the visible "*" is hidden from it; `required` says it instead). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

const fields = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Email address': 'ada@example.com',
  'Company/Org.': 'Analytical Engines',
  Subject: 'Hello',
  Message: 'A first line.\nA second line.',
};
type Label = keyof typeof fields;

async function openForm(page: Page) {
  await page.goto('/');
  const form = page.locator('form').filter({ has: field(page, 'First name') });
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('.fake-recaptcha')).toBeVisible(); // the stand-in widget, loaded as the form came near
  return form;
}

/** The form scrolled into view, its captcha not (yet) loaded. */
async function openFormWithoutCaptcha(page: Page) {
  await page.goto('/');
  await page
    .locator('form')
    .filter({ has: field(page, 'First name') })
    .scrollIntoViewIfNeeded();
}

async function fill(page: Page, values: Partial<Record<Label, string>> = fields) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

/** Ticks the stand-in captcha; its token tells the siteverify stand-in what to answer. */
async function solveCaptcha(page: Page, token: 'good' | 'refused' | 'down' = 'good') {
  await page.evaluate((value) => ((window as unknown as { __captchaToken: string }).__captchaToken = value), token);
  await page.locator('.fake-recaptcha input').check();
}

const modal = (page: Page) => page.getByRole('dialog');
const submitButton = (page: Page) => page.getByRole('button', { name: /^(Submit|Sending\.\.\.)$/ });

async function mailsWith(text: string): Promise<string[]> {
  const mails = (await (await fetch(`${siteverifyUrl}/mails`)).json()) as Array<{ raw: string }>;
  return mails.map((mail) => mail.raw).filter((raw) => raw.includes(text));
}

test('labels, types and the captcha: a light, normal reCAPTCHA with the run-time site key; the no-JavaScript line stays out of sight and hydration has nothing to say', async ({
  page,
  captchaRequests,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  const form = await openForm(page);
  for (const label of Object.keys(fields)) await expect(field(page, label)).toBeVisible();
  for (const label of ['First name*', 'Last name*', 'Email address*', 'Subject*', 'Message*']) {
    await expect(page.locator('label', { hasText: label })).toBeVisible();
  }
  await expect(field(page, 'Email address')).toHaveAttribute('type', 'email');
  await expect(field(page, 'Company/Org.')).not.toHaveAttribute('required');
  await expect(field(page, 'Message')).toHaveAttribute('rows', '3');
  expect(
    await page.evaluate(
      () => (window as unknown as { __captchaWidgets: Array<Record<string, string>> }).__captchaWidgets[0],
    ),
  ).toMatchObject({
    sitekey: 'e2e-site-key',
    theme: 'light',
    size: 'normal',
  });
  expect(captchaRequests.some((url) => url.startsWith('https://www.google.com/recaptcha/api.js'))).toBe(true);

  // with JavaScript on, the server sent the no-JavaScript line, and the browser treats it as the text of a
  // <noscript>: nothing shown, no link
  const noscript = form.locator('noscript');
  await expect(noscript).toHaveCount(1);
  expect(await noscript.boundingBox()).toBeNull();
  await expect(form.locator('noscript a')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('sends: fields and button disabled with "Sending...", then success clears everything', async ({ page }) => {
  const subject = `Success ${Date.now()}`;
  await openForm(page);
  await fill(page, { ...fields, Subject: subject });
  await solveCaptcha(page);

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/verify', async (route: Route) => {
    await held;
    await route.continue();
  });
  await submitButton(page).click();
  await expect(submitButton(page)).toHaveText('Sending...');
  await expect(submitButton(page)).toBeDisabled();
  await expect(submitButton(page).locator('.spinner-border')).toBeVisible();
  for (const label of Object.keys(fields)) await expect(field(page, label)).toBeDisabled();
  release();

  await expect(modal(page)).toContainText('Successfully sent your message!');
  for (const label of Object.keys(fields)) await expect(field(page, label)).toHaveValue('');
  await expect(page.locator('.fake-recaptcha input')).not.toBeChecked();
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(modal(page)).toBeHidden();
  await expect(field(page, 'First name')).toBeFocused(); // a fresh form, from its first field
  await expect(submitButton(page)).toHaveText('Submit');
  await expect(submitButton(page)).toBeEnabled();
  await expect(page.locator('form')).not.toHaveClass(/was-validated/);

  // the outbox mailed it to the owner, replying to the visitor
  await expect.poll(() => mailsWith(subject), { timeout: 15_000 }).toHaveLength(1);
  const [mail] = await mailsWith(subject);
  expect(mail).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>$/m);
  expect(mail).toMatch(/^To: owner@example\.com$/m);
});

test('no captcha answer: "Please verify the reCAPTCHA" in a modal that fades in and out with Bootstrap timings, and the form stays usable', async ({
  page,
}) => {
  const requested = recordRequests(page);
  await openForm(page);
  await fill(page);
  await submitButton(page).click();
  await expect(modal(page)).toContainText('Please verify the reCAPTCHA');
  await expect(modal(page)).toHaveClass(/fade/);
  expect(await page.locator('.modal-dialog').evaluate((element) => getComputedStyle(element).transitionDuration)).toBe(
    '0.3s',
  );
  expect(
    await page.locator('.modal-backdrop').evaluate((element) => getComputedStyle(element).transitionDuration),
  ).toBe('0.15s');
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(modal(page)).toBeHidden();
  await expect(page.locator('.fake-recaptcha input')).toBeFocused(); // back where the answer is missing
  await expect(field(page, 'First name')).toBeEnabled();
  await expect(field(page, 'First name')).toHaveValue('Ada');
  expect(requested.filter((url) => url.endsWith('/api/verify'))).toEqual([]);
});

test('captcha refused: "Invalid reCAPTCHA.", then captcha down: "ReCAPTCHA error. Please try again later."; nothing is sent', async ({
  page,
}) => {
  const requested = recordRequests(page);
  await openForm(page);
  await fill(page);
  // one visitor meets both in turn: the second answer also shows the form is usable again after the first
  for (const { token, message } of [
    { token: 'refused' as const, message: 'Invalid reCAPTCHA.' },
    { token: 'down' as const, message: 'ReCAPTCHA error. Please try again later.' },
  ]) {
    await test.step(`captcha ${token}`, async () => {
      await solveCaptcha(page, token);
      await submitButton(page).click();
      await expect(modal(page)).toHaveText(new RegExp(message.replace(/\./g, '\\.')));
      await modal(page).getByRole('button', { name: 'Close' }).click();
      await expect(modal(page)).toBeHidden();
      await expect(submitButton(page)).toBeFocused();
      await expect(field(page, 'Message')).toHaveValue(fields.Message);
      await expect(page.locator('.fake-recaptcha input')).not.toBeChecked(); // a used token needs a fresh answer
    });
  }
  expect(requested.filter((url) => url.endsWith('/api/contact'))).toEqual([]);
});

test('sending fails with an error status, then with a network failure: each time "Error sending your message, please try again later."', async ({
  page,
}) => {
  const failures = ['an error status', 'a network failure'] as const;
  let calls = 0;
  await page.route('**/api/contact', (route) =>
    failures[calls++] === 'an error status'
      ? route.fulfill({ status: 503, json: { statusCode: 503 } })
      : route.abort('connectionreset'),
  );
  await openForm(page);
  await fill(page);
  for (const failure of failures) {
    await test.step(failure, async () => {
      await solveCaptcha(page);
      await submitButton(page).click();
      await expect(modal(page)).toContainText('Error sending your message, please try again later.');
      await modal(page).getByRole('button', { name: 'Close' }).click();
      await expect(modal(page)).toBeHidden();
      await expect(field(page, 'Subject')).toHaveValue(fields.Subject);
      await expect(submitButton(page)).toBeEnabled();
      await expect(submitButton(page)).toBeFocused();
    });
  }
  expect(calls).toBe(2);
});

test('browser validity first: the form is marked validated and nothing is sent while a field is wrong', async ({
  page,
}) => {
  const requested = recordRequests(page);
  const form = await openForm(page);
  await expect(form).not.toHaveClass(/was-validated/);
  await solveCaptcha(page);
  await submitButton(page).click();
  await expect(form).toHaveClass(/was-validated/);
  expect(await field(page, 'First name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  // focus goes to the first field to fix, which says what is wrong; an alert names every one of them
  await expect(field(page, 'First name')).toBeFocused();
  await expect(field(page, 'First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'First name')).not.toHaveAccessibleDescription('');
  const alert = form.getByRole('alert').filter({ hasText: 'First name' });
  for (const label of ['First name', 'Last name', 'Email address', 'Subject', 'Message'])
    await expect(alert).toContainText(label);
  await expect(alert).not.toContainText('Company/Org.');

  // "ada@example" passes the browser's email check but not the schema the API shares with the form
  await fill(page, { ...fields, 'Email address': 'ada@example' });
  await submitButton(page).click();
  await expect
    .poll(() => field(page, 'Email address').evaluate((input: HTMLInputElement) => input.validationMessage))
    .toBe('Must be an email address.');
  await expect(modal(page)).toHaveCount(0);
  expect(requested.filter((url) => /\/api\/(verify|contact)$/.test(url))).toEqual([]);
});

test('while the captcha loads its place says so, and it appears without moving the form', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/recaptcha\/api\.js/, async (route) => {
    await held;
    await route.fallback(); // on to the stand-in
  });
  await page.goto('/');
  const form = page.locator('form').filter({ has: field(page, 'First name') });
  await form.scrollIntoViewIfNeeded();
  const placeholder = form.getByRole('status');
  await expect(placeholder).toBeVisible();
  await expect(placeholder).not.toHaveText('');
  // polled: hydration may put its own element in the server's place at this very moment (box null for an instant)
  await expect.poll(async () => (await placeholder.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(78);
  const before = await submitButton(page).boundingBox();
  release();
  await expect(page.locator('.fake-recaptcha')).toBeVisible();
  await expect(placeholder).toHaveCount(0);
  expect(await submitButton(page).boundingBox()).toEqual(before);
});

test("a captcha that cannot load is said in words, with the owner's address to write to instead", async ({ page }) => {
  await page.route(/\/recaptcha\/api\.js/, (route) => route.abort('blockedbyclient'));
  await openFormWithoutCaptcha(page);
  const notice = page.getByRole('alert').filter({ has: page.getByRole('link', { name: site.contactTo }) });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link')).toHaveAttribute('href', `mailto:${site.contactTo}`);
  // sending still says what the product says, and then leads to the address
  await fill(page);
  await submitButton(page).click();
  await expect(modal(page)).toContainText('Please verify the reCAPTCHA');
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(notice.getByRole('link')).toBeFocused();
});

test("with JavaScript off, the captcha's place says the form needs it and gives the owner's address", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const form = page.locator('form').filter({ has: field(page, 'First name') });
  await form.scrollIntoViewIfNeeded();
  // Playwright's text and role locators skip <noscript>: CSS reaches it, and the browser's innerText reads it
  const line = form.locator('noscript > *');
  await expect(line).toBeVisible();
  expect(await line.evaluate((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' '))).toBe(
    `${contactFormText.captchaNeedsScript} ${contactFormText.emailInstead} ${site.contactTo}`,
  );
  const address = line.locator('a');
  await expect(address).toBeVisible();
  await expect(address).toHaveAttribute('href', `mailto:${site.contactTo}`);
  // nothing claims to be loading what never will
  await expect(form.getByText(contactFormText.captchaLoading)).toBeHidden();
  await expect(form.getByRole('status')).toBeHidden();
  await context.close();
});
