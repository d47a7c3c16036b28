import type { Browser, Page } from '@playwright/test';
import { ownerPaths, setPasswordCommand } from '@portfolio/contracts/owner';
import { remotes } from '@portfolio/parts';
import { expect as baseExpect, test } from '../support/fixtures';
import { seriousAxeFindings } from '../support/axe';
import { startOwnSite, type OwnSite } from '../support/own-site';
import { changedBuild, e2eOwnerPassword, logIn, ownerScripts, setOwnerPassword } from '../support/owner';
import { standInPorts } from '../support/ports';
import { siteServer } from '../support/site-server';
import { serveFolder, type StaticServer } from '../support/static-server';

// the site's password is set in global setup, with the real `npm run owner:password`
const password = e2eOwnerPassword;

// Each test is a whole flow through a real server (sending, delivering, logging in): one after the other
// in one worker, each on its own, with time for a machine that other suites keep busy.
test.describe.configure({ mode: 'default', timeout: 120_000 });
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

test('a message sent through the contact form is in the inbox with its delivery state, its HTML shown as text', async ({
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
});

test('a message is deleted only once the owner confirms it', async ({ page }) => {
  const subject = `To delete ${Date.now()}`;
  await sendMessage(page, subject, 'Delete me.');
  await logIn(page, origin, password);
  const message = page.getByRole('article', { name: subject });
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

/** axe on the page as it is now, at each width and in both schemes. */
async function axeEverywhere(page: Page, path: string, heading: string): Promise<string[]> {
  const findings: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
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

for (const [path, heading] of [
  [ownerPaths.login, 'Owner login'],
  [ownerPaths.inbox, 'Inbox'],
  [ownerPaths.sections, 'Sections'],
] as const) {
  test(`axe finds nothing serious on ${path} at ${widths.join(' and ')} px, light and dark`, async ({ page }) => {
    if (path !== ownerPaths.login) await logIn(page, origin, password);
    expect(await axeEverywhere(page, path, heading)).toEqual([]);
  });
}

test.describe('a site of its own: no password yet; then Preview, Promote and Roll back', () => {
  // one site whose password and sections these tests change in turn
  test.describe.configure({ mode: 'serial' });
  let site: OwnSite | undefined;
  let passwordSet = false;
  let candidate: StaticServer | undefined;
  const before = 'Coding projects:';
  const after = 'Coding projects (candidate):';

  test.beforeAll(async () => {
    test.setTimeout(150_000); // a whole server starting on a busy machine
    site = await startOwnSite(standInPorts.ownerSite);
    candidate = await serveFolder(changedBuild('mf-projects', before, after));
  });
  test.afterAll(async () => {
    site?.stop();
    await candidate?.close();
  });

  /** Its password, set as the owner sets it, once (a new password ends the sessions begun before it). */
  function ensurePassword(ownSite: OwnSite) {
    if (!passwordSet) setOwnerPassword(ownSite.dataDir, password);
    passwordSet = true;
  }

  test('before a password is set the login page says how to set one, and shows no form', async ({ page }) => {
    if (!site) throw new Error('the site did not start');
    await page.goto(`${site.url}${ownerPaths.login}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Owner login' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(setPasswordCommand);
    await expect(page.getByLabel('Password')).toHaveCount(0);
    ensurePassword(site);
    await page.reload();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  });

  /** The projects page as a browser gets it next: a promote or roll back is answered once every visitor gets it. */
  async function projectsHeading(page: Page, heading: string) {
    await page.goto(`${site?.url ?? ''}/projects`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }

  async function visitorPage(browser: Browser) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    return { page, requested, close: () => context.close() };
  }

  test("Preview opens the candidate on the preview origin, never the site's; Promote reaches every visitor; Roll back returns", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    if (!site || !candidate) throw new Error('the site or the candidate did not start');
    const candidateEntry = `${candidate.url}/remoteEntry.js`;
    const visitor = await visitorPage(browser);
    ensurePassword(site);
    await logIn(page, site.url, password);
    await page.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Sections' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sections' })).toBeFocused();
    const card = page.getByRole('region', { name: 'Projects section' });
    const liveUrl =
      (await card
        .getByText(/remoteEntry\.js|mf-manifest\.json/)
        .first()
        .textContent()) ?? '';
    await expect(card).toContainText('Healthy');

    // Preview: a link to the preview origin, opened in a tab of its own; the candidate with a banner there, the
    // live section on the site's origin, in the owner's browser too
    await card.getByLabel('Candidate URL for the Projects section').fill(candidateEntry);
    await card.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(card.getByRole('status')).toContainText('Preview link made', { timeout: 30_000 });
    const [preview] = await Promise.all([
      page.waitForEvent('popup'),
      card.getByRole('link', { name: 'Open the preview of the Projects section' }).click(),
    ]);
    await expect(preview).toHaveURL(`${site.previewUrl}/projects`);
    await expect(preview.getByRole('heading', { name: after, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(preview.locator('#preview-banner')).toContainText(candidate.url);
    await preview.close();
    await projectsHeading(page, before);
    await expect(page.locator('#preview-banner')).toHaveCount(0);
    await projectsHeading(visitor.page, before);
    await expect(visitor.page.locator('#preview-banner')).toHaveCount(0);
    expect(visitor.requested.filter((url) => url.startsWith(candidate?.url ?? '-'))).toEqual([]);

    // Promote: checked, then live for everyone, and in the history
    await page.goto(`${site.url}${ownerPaths.sections}`);
    await card.getByLabel('Candidate URL for the Projects section').fill(candidateEntry);
    await card.getByRole('button', { name: 'Promote', exact: true }).click();
    await expect(card.getByRole('status')).toContainText('Promoted', { timeout: 30_000 });
    await expect(card).toContainText(candidateEntry);
    await expect(page.getByRole('region', { name: 'History' })).toContainText(`to ${candidateEntry}`);
    await expect(card.getByRole('button', { name: 'Roll back', exact: true })).toHaveAccessibleDescription(
      `Goes back to ${liveUrl}`,
    );
    await projectsHeading(visitor.page, after);

    // Roll back: everyone, the owner too, gets the previous URL again
    await page.goto(`${site.url}${ownerPaths.sections}`);
    await card.getByRole('button', { name: 'Roll back', exact: true }).click();
    await expect(card.getByRole('status')).toContainText('Rolled back', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText(
      `rolled back from ${candidateEntry} to ${liveUrl}`,
    );
    await projectsHeading(visitor.page, before);
    await projectsHeading(page, before);
    await visitor.close();
  });

  test('Promote checks the candidate first and names the problems it found; nothing changes', async ({ page }) => {
    if (!site) throw new Error('the site did not start');
    ensurePassword(site);
    await logIn(page, site.url, password);
    await page.goto(`${site.url}${ownerPaths.sections}`);
    const card = page.getByRole('region', { name: 'About section' });
    const live = await card
      .getByText(/remoteEntry\.js|mf-manifest\.json/)
      .first()
      .textContent();
    await card.getByLabel('Candidate URL for the About section').fill('http://127.0.0.1:9/remoteEntry.js');
    await card.getByRole('button', { name: 'Promote', exact: true }).click();
    const alert = card.getByRole('alert');
    await expect(alert).toBeFocused();
    await expect(alert.getByRole('listitem').first()).not.toHaveText('');
    await page.reload();
    await expect(card.getByText(/remoteEntry\.js|mf-manifest\.json/).first()).toHaveText(live ?? '');
  });
});
