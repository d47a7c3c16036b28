import type { Page } from '@playwright/test';
import { ownerPaths } from '@portfolio/contracts/owner';
import { remotes } from '@portfolio/parts';
import { expect as baseExpect, test } from '../support/fixtures';
import { seriousAxeFindings } from '../support/axe';
import { e2eOwnerPassword, logIn, ownerScripts } from '../support/owner';
import { siteServer } from '../support/site-server';

// the site's password is set in global setup, with the real `npm run owner:password`
const password = e2eOwnerPassword;

// Each test is a whole flow through a real server (sending, delivering, logging in), on its own (a message of its
// own, a session of its own), with time for a machine that other suites keep busy. The owner's area on a site whose
// password is not set yet, and its Preview, Promote and Roll back, are own-site.spec.ts's.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const origin = siteServer.url;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** A message sent as a visitor sends it: the contact form, the stand-in captcha, the success dialog. */
async function sendMessage(page: Page, subject: string, message: string) {
  await page.goto('/');
  await page
    .locator('form')
    .filter({ has: field(page, 'First name') })
    .scrollIntoViewIfNeeded();
  await expect(page.locator('.fake-recaptcha')).toBeVisible();
  const values = {
    'First name': 'Grace',
    'Last name': 'Hopper',
    'Email address': 'grace@example.com',
    'Company/Org.': 'Navy <Lab>',
    Subject: subject,
    Message: message,
  };
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
  await page.evaluate(() => ((window as unknown as { __captchaToken: string }).__captchaToken = 'good'));
  await page.locator('.fake-recaptcha input').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toContainText('Successfully sent your message!');
}

test('the footer\'s faint "login" leads to the login page on the site; a wrong password is refused', async ({
  page,
}) => {
  await page.goto('/');
  const login = page.getByRole('contentinfo').getByRole('link', { name: 'login' });
  await expect(login).toHaveAttribute('href', ownerPaths.login);
  await login.click();
  await expect(page).toHaveURL(`${origin}${ownerPaths.login}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Owner login' })).toBeFocused();
  await expect(page).toHaveTitle(/^Owner login \| /);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

  const passwordField = page.getByLabel('Password', { exact: true });
  await passwordField.fill(`${password} but wrong`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(passwordField).toHaveAccessibleDescription('Wrong password.');
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField).toBeFocused();
  // still outside: the inbox sends back to the login page
  await page.goto(ownerPaths.inbox);
  await expect(page).toHaveURL(`${origin}${ownerPaths.login}`);
});

test("a visitor's pages load none of the owner's code; the owner's pages do", async ({ page }) => {
  const loaded: string[] = [];
  page.on('response', (response) => loaded.push(response.url()));
  for (const { path } of remotes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(ownerScripts(loaded)).toEqual([]);
  await page.goto(ownerPaths.login);
  await expect(page.getByRole('heading', { level: 1, name: 'Owner login' })).toBeVisible();
  expect(ownerScripts(loaded)).not.toEqual([]);
});

test('a message sent through the contact form is in the inbox with its delivery state, its HTML shown as text; it is deleted only once the owner confirms it', async ({
  page,
}) => {
  const subject = `Hello <b>owner</b> ${Date.now()}`;
  const text = 'First line <img src="x" onerror="document.title=\'owned\'">\nSecond <script>alert(1)</script> line';
  await sendMessage(page, subject, text);

  await logIn(page, origin, password);
  await expect(page).toHaveTitle(/^Inbox \| /);
  // logged in already: the login page goes on to the inbox
  await page.goto(ownerPaths.login);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  const message = page.getByRole('article', { name: subject });
  await expect(message).toContainText('Grace Hopper');
  await expect(message).toContainText('grace@example.com');
  await expect(message).toContainText('Navy <Lab>');
  await expect(message.getByText('Unread', { exact: true })).toBeVisible();
  // the outbox mails it to the SMTP stand-in; the inbox then says when
  await expect(async () => {
    await page.reload();
    await expect(message.getByText('Delivery', { exact: true })).toBeVisible(); // the page is back
    await expect(message).toContainText(/Delivered \S/, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  // inert: the visitor's markup is text, with its line break kept
  await expect(message.locator('img, b, script')).toHaveCount(0);
  const body = message.getByText('First line <img src="x"');
  expect(await body.evaluate((element) => (element as HTMLElement).innerText)).toBe(text);
  await expect(page).not.toHaveTitle('owned');

  await message.getByRole('button', { name: 'Mark as read' }).click();
  await expect(message.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await expect(message.getByText('Unread', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(message.getByRole('button', { name: 'Mark as unread' })).toBeVisible();

  // deleted only once the owner confirms it
  const dialog = page.getByRole('dialog');
  await message.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toContainText('Delete this message?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(message.getByRole('button', { name: 'Delete' })).toBeFocused();

  await message.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(message).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(message).toHaveCount(0);
});

test('logging out ends the session: the inbox and its API are closed again', async ({ page }) => {
  await logIn(page, origin, password);
  await page.getByRole('navigation', { name: 'Owner' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Owner login' })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch('/api/owner/messages')).status)).toBe(401);
  await page.goto(ownerPaths.inbox);
  await expect(page).toHaveURL(`${origin}${ownerPaths.login}`);
});

const widths = [375, 1280];

/**
 * axe on the page at each width and in both schemes. Loaded once, on a phone's width, then widened: the owner's
 * pages follow the width in CSS alone (as accessibility.spec.ts's screens do), so a second load showed axe nothing new.
 */
async function axeEverywhere(page: Page, path: string, heading: string): Promise<string[]> {
  const findings: string[] = [];
  await page.setViewportSize({ width: widths[0] ?? 375, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
      );
      const colourOnly = colorScheme !== 'light'; // the dark scheme changes colours only (support/axe.ts)
      for (const finding of await seriousAxeFindings(page, { colourOnly }))
        findings.push(`${path} ${width} ${colorScheme} ${finding}`);
      // nothing wider than the screen: usable on a phone without scrolling sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
  return findings;
}

const ownerScreens = [
  [ownerPaths.login, 'Owner login'],
  [ownerPaths.inbox, 'Inbox'],
  [ownerPaths.sections, 'Sections'],
] as const;

// one page walks the three screens: the login page before logging in, then the inbox and the sections in one session
test(`axe finds nothing serious on ${ownerScreens.map(([path]) => path).join(', ')} at ${widths.join(' and ')} px, light and dark`, async ({
  page,
}) => {
  const findings: string[] = [];
  for (const [path, heading] of ownerScreens) {
    if (path === ownerPaths.inbox) await logIn(page, origin, password);
    findings.push(...(await axeEverywhere(page, path, heading)));
  }
  expect(findings).toEqual([]);
});
