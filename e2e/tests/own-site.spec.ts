import { loadavg, tmpdir } from 'node:os';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ownerPaths, setPasswordCommand } from '@portfolio/contracts/owner';
import { expect, test } from '../support/fixtures';
import type { CreatedDeployToken, SectionRelease } from '@portfolio/contracts/section-releases';
import { visit } from '../support/layout-shift';
import { startOwnSite, type OwnSite } from '../support/own-site';
import { picture } from '../support/pictures';
import { changedBuild, e2eOwnerPassword, logIn, setOwnerPassword } from '../support/owner';
import { standInPorts } from '../support/ports';
import { copyOfSection, runRelease } from '../support/release-command';
import { serveFolder, type StaticServer } from '../support/static-server';
import { recordRequests } from '../support/network-log';

// One server of the site of its own (support/own-site.ts), whose password and sections these tests change in turn:
// the first visits after its start; the owner's login before a password is set; a build at a URL imported as a
// release, previewed, promoted and rolled back; then the real release command, run once (a type check and a webpack
// build): a good release, previewed, promoted, rolled back, then deleted. One server started instead of three: a start (the embedded
// database made, four renderers, the sitemap's pages rendered ahead) is what these tests cost most besides the
// release command.
// A release that fails the browser check is proven below the browser: the check itself in real Chromium
// (packages/hydration-check), the command's words for a refused release (packages/release-command), and a failed
// browser check kept final by the site (api/test/hostile-releases-uploads.e2e-spec.ts, row 15).
test.describe.configure({ mode: 'serial' });

const password = e2eOwnerPassword;
/** What the projects page says, and what the build at another origin (imported as a release) says instead. */
const before = 'Coding projects:';
const after = 'Coding projects (candidate):';
/** The owner's pages: whole flows through a real server, on a machine that other suites keep busy. */
const ownerExpect = expect.configure({ timeout: 20_000 });
let site: OwnSite | undefined;
let candidate: StaticServer | undefined;
let passwordSet = false;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a whole server starting on a busy machine
  candidate = await serveFolder(changedBuild('mf-projects', before, after));
  // started last: the first test's visits are the first pages it serves
  site = await startOwnSite(standInPorts.ownSite);
});
test.afterAll(async () => {
  site?.stop();
  await candidate?.close();
});

function started(): OwnSite {
  if (!site) throw new Error('the site did not start');
  return site;
}

/** Its password, set as the owner sets it, once (a new password ends the sessions begun before it). */
function ensurePassword(ownSite: OwnSite) {
  if (!passwordSet) setOwnerPassword(ownSite.dataDir, password);
  passwordSet = true;
}

/** The first visits after a start (below) are to these: each section's page. */
const sectionRoutes = ['/', '/about', '/projects', '/resume'];

// The first visits to a fresh server, as soon as it answers: each section's first page is the server's whole page
// (a start is not a reason for the page the browser renders alone), and it does not shift either, on a phone; then
// the same pages on a desktop. What its first answer is does not depend on the screen.
test("the first visit to each section after a start is the server's page and does not shift, at 375 and 1280 px", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { url } = started();
  for (const width of [375, 1280])
    for (const route of sectionRoutes) {
      const { serverRendered, cls, shifts } = await visit(browser, `${url}${route}`, width);
      expect(serverRendered, `${route} at ${width} px was rendered by the browser`).toBe(true);
      expect(cls, `${route} at ${width} px: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.01);
    }
});

test('before a password is set the login page says how to set one, and shows no form', async ({ page }) => {
  const ownSite = started();
  await page.goto(`${ownSite.url}${ownerPaths.login}`);
  await ownerExpect(page.getByRole('heading', { level: 1, name: 'Owner login' })).toBeVisible();
  await ownerExpect(page.getByRole('main')).toContainText(setPasswordCommand);
  await ownerExpect(page.getByLabel('Password')).toHaveCount(0);
  ensurePassword(ownSite);
  await page.reload();
  await ownerExpect(page.getByLabel('Password', { exact: true })).toBeVisible();
});

/** The projects page as a browser gets it next: a promote or roll back is answered once every visitor gets it. */
async function projectsHeading(page: Page, heading: string) {
  await page.goto(`${started().url}/projects`);
  await ownerExpect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested = recordRequests(page);
  return { page, requested, close: () => context.close() };
}

test('a build at a URL is imported as a release: previewed on the preview origin only, promoted to every visitor, rolled back', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const ownSite = started();
  if (!candidate) throw new Error('the candidate did not start');
  const candidateEntry = `${candidate.url}/remoteEntry.js`;
  const visitor = await visitorPage(browser);
  ensurePassword(ownSite);
  await logIn(page, ownSite.url, password);
  await page.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Sections' }).click();
  await ownerExpect(page.getByRole('heading', { level: 1, name: 'Sections' })).toBeFocused();
  const card = page.getByRole('region', { name: 'Projects section' });
  const releases = card.getByRole('region', { name: 'Releases' });
  await ownerExpect(card).toContainText('Healthy');
  const liveId = /\/sections\/projects\/([0-9a-f]{16})\//.exec((await card.textContent()) ?? '')?.[1] ?? '-';

  // Import: fetched, checked as an upload and kept as a release, live for nobody; the owner is taken to it
  const field = card.getByRole('textbox', { name: 'Import a build from a URL into the Projects section' });
  await field.fill(candidateEntry);
  await field.press('Enter');
  await ownerExpect(card.getByRole('button', { name: 'Importing…' })).toBeVisible();
  const imported = releases.getByRole('status').filter({ hasText: 'Imported as release' });
  // the checks render every page of the build in a renderer of its own: seconds on a busy machine
  await ownerExpect(imported).toBeVisible({ timeout: 60_000 });
  const id = /Imported as release ([0-9a-f]{16})\./.exec((await imported.textContent()) ?? '')?.[1] ?? '-';
  const item = releases.getByRole('listitem').filter({ has: page.getByText(id, { exact: true }) });
  await ownerExpect(item).toBeFocused();
  await ownerExpect(item).toContainText(`from ${candidateEntry}`);
  await ownerExpect(item).toContainText('Checks passed');
  await projectsHeading(visitor.page, before);

  // Preview: a link to the preview origin, opened in a tab of its own; the release with a banner there, the
  // live section on the site's origin, in the owner's browser too
  await item.getByRole('button', { name: `Preview (release ${id})` }).click();
  const made = releases.getByRole('status').filter({ hasText: 'Preview link made' });
  await ownerExpect(made).toBeVisible({ timeout: 30_000 });
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    made.getByRole('link', { name: 'Open the preview of the Projects section' }).click(),
  ]);
  await ownerExpect(preview).toHaveURL(`${ownSite.previewUrl}/projects`);
  await ownerExpect(preview.getByRole('heading', { name: after, exact: true })).toBeVisible({ timeout: 30_000 });
  await ownerExpect(preview.locator('#preview-banner')).toContainText(`release ${id}`);
  await preview.close();
  await projectsHeading(page, before);
  await ownerExpect(page.locator('#preview-banner')).toHaveCount(0);
  await projectsHeading(visitor.page, before);
  await ownerExpect(visitor.page.locator('#preview-banner')).toHaveCount(0);

  // Promote: checked again, then live for everyone, and in the history
  await page.goto(`${ownSite.url}${ownerPaths.sections}`);
  await releases.getByRole('button', { name: `Promote (release ${id})` }).click();
  await ownerExpect(releases.getByRole('status')).toContainText('every visitor now gets', { timeout: 30_000 });
  await ownerExpect(card.getByRole('button', { name: 'Roll back', exact: true })).toHaveAccessibleDescription(
    new RegExp(`^Goes back to .*${liveId}`),
  );
  const history = page.getByRole('region', { name: 'History' });
  await ownerExpect(history).toContainText(`release imported: /sections/projects/${id}/remoteEntry.js`);
  await ownerExpect(history).toContainText(`from ${candidateEntry}`);
  await projectsHeading(visitor.page, after);
  // the site serves the release itself: nothing of the visitor's page came from the host it was imported from
  expect(visitor.requested.filter((url) => url.startsWith(candidate?.url ?? '-'))).toEqual([]);

  // Roll back: everyone, the owner too, gets the release live before again
  await card.getByRole('button', { name: 'Roll back', exact: true }).click();
  await ownerExpect(card.getByRole('status').filter({ hasText: 'Rolled back' })).toContainText(
    new RegExp(`every visitor gets .*${liveId}.* again`),
    { timeout: 30_000 },
  );
  await ownerExpect(history.getByRole('listitem').first()).toContainText(
    `rolled back from /sections/projects/${id}/remoteEntry.js to /sections/projects/${liveId}/remoteEntry.js`,
  );
  await projectsHeading(visitor.page, before);
  await projectsHeading(page, before);
  await visitor.close();
});

test('an import the site cannot fetch is refused under the field, which says why; nothing is added', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ownSite = started();
  ensurePassword(ownSite);
  await logIn(page, ownSite.url, password);
  await page.goto(`${ownSite.url}${ownerPaths.sections}`);
  const card = page.getByRole('region', { name: 'About section' });
  const listed = card.getByRole('region', { name: 'Releases' }).getByRole('listitem');
  const count = await listed.count();
  const field = card.getByRole('textbox', { name: 'Import a build from a URL into the About section' });
  // a port nothing listens on: the site cannot fetch the build's file list
  const closed = await serveFolder(tmpdir());
  await closed.close();
  await field.fill(`${closed.url}/remoteEntry.js`);
  await card.getByRole('button', { name: 'Import', exact: true }).click();
  await ownerExpect(field).toHaveAttribute('aria-invalid', 'true');
  await ownerExpect(field).toBeFocused();
  await ownerExpect(field).toHaveAccessibleDescription(/^The release was refused\..*release-files\.json/);
  await page.reload();
  await ownerExpect(listed).toHaveCount(count);
});

const liveHeading = 'About Me';
const releasedHeading = 'About Me, released';

/** The owner's API on the site, logged in: made by the release command's test, which also makes a deploy token. */
let owner: APIRequestContext | undefined;
/** the release command's release and its preview link: the owner deletes it in the last test */
let shipped: { id: string; previewUrl: string } | null = null;
test.afterAll(async () => {
  await owner?.dispose();
});

/**
 * The About page's heading as a new visitor (a fresh context: no preview, no session) gets it on their first
 * visit: a promote or roll back is answered only once it is visible, so the next page is the new one.
 */
async function visitorSees(browser: Browser, heading: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${started().url}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.locator('#preview-banner')).toHaveCount(0);
  await context.close();
}

async function releases(): Promise<SectionRelease[]> {
  if (!owner) throw new Error('the owner did not log in');
  return (await (await owner.get('/api/owner/sections/about/releases')).json()) as SectionRelease[];
}

test('the release command ships a change: previewed by link only, promoted by the owner, rolled back', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000); // a type check and a production build, on two cores shared with other suites
  const ownSite = started();
  ensurePassword(ownSite);
  owner = await playwright.request.newContext({ baseURL: ownSite.url, extraHTTPHeaders: { origin: ownSite.url } });
  expect((await owner.post('/api/owner/login', { data: { password } })).ok()).toBe(true);
  const made = await owner.post('/api/owner/deploy-tokens', { data: { section: 'about', name: 'e2e laptop' } });
  expect(made.status()).toBe(201);
  const token = ((await made.json()) as CreatedDeployToken).secret;

  const section = copyOfSection('mf-about');
  try {
    section.edit('src/pages/about-page.tsx', `>${liveHeading}</h1>`, `>${releasedHeading}</h1>`);
    const run = await runRelease(section.dir, ownSite.url, token, 'a new heading');
    // the figure and the output the closing note asks for
    console.log(
      `release command: ${run.toPreviewLinkMs} ms to the preview link at load ${loadavg()[0]}\n${run.output}`,
    );
    await test.info().attach('release command output', { body: run.output, contentType: 'text/plain' });
    expect(run.code, run.output).toBe(0);
    const id = /Release ([0-9a-f]{16})/.exec(run.output)?.[1];
    expect(id, run.output).toBeDefined();
    for (const check of ['archive', 'routes', 'shared', 'server-render'])
      expect(run.output).toMatch(new RegExp(`passed +${check}:`));
    expect(run.output).toMatch(/Browser check: 1 page/);
    expect(run.output).toMatch(/passed +\/about/);
    // the preview link is the last thing said
    expect(run.output.trim().split('\n').at(-1)).toMatch(/^Preview link .*: http:\/\/127\.0\.0\.1:\d+\/\S+$/);

    // whoever opens the link sees the release on the preview origin, with the banner; a visitor of the site, the live one
    expect(run.previewUrl?.startsWith(`${ownSite.previewUrl}/sections/preview/`), run.previewUrl ?? '').toBe(true);
    const reviewer = await browser.newContext();
    const page = await reviewer.newPage();
    await page.goto(run.previewUrl ?? '');
    await expect(page).toHaveURL(`${ownSite.previewUrl}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(releasedHeading);
    // the site's preview banner (api/src/live-sections/preview-banner.ts), above the page React hydrates
    await expect(page.locator('#preview-banner')).toContainText(`release ${id}`);
    await reviewer.close();
    await visitorSees(browser, liveHeading);

    const uploaded = (await releases()).find((release) => release.id === id);
    expect(uploaded).toMatchObject({ ok: true, live: false, note: 'a new heading' });
    shipped = { id: id ?? '', previewUrl: run.previewUrl ?? '' };
    expect(uploaded?.uploadedBy).toEqual({ kind: 'token', tokenName: 'e2e laptop' });
    expect(uploaded?.checks.find((check) => check.name === 'browser')?.outcome).toBe('passed');

    // the owner promotes it on the sections page: every visitor gets it; then rolls back to the one before
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await logIn(ownerPage, ownSite.url, password);
    await ownerPage.goto(`${ownSite.url}${ownerPaths.sections}`);
    const about = ownerPage.getByRole('region', { name: 'About section' }).getByRole('region', { name: 'Releases' });
    await about.getByRole('button', { name: `Promote (release ${id})` }).click();
    // a promote checks the release again first: its renderer may take the site's 20 s to start on a busy host
    await expect(about.getByRole('status')).toContainText('every visitor now gets', { timeout: 30_000 });
    await visitorSees(browser, releasedHeading);

    await about
      .getByRole('button', { name: /^Roll back to this release/ })
      .first()
      .click();
    // the status says the same words after a roll back as after the promote: what the owner waits for is the Live
    // mark moving, so the released one (live before, hence gone back to) is offered again; a roll back is the promote
    // of an earlier release, checked again first like the promote above (api/src/live-sections/releases)
    await expect(about.getByRole('button', { name: `Roll back to this release (release ${id})` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(about.getByRole('status')).toContainText('every visitor now gets');
    await visitorSees(browser, liveHeading);
    await ownerContext.close();
  } finally {
    section.remove();
  }
});

test('the owner deletes a release that is not live, once confirmed: its preview link and files answer 404', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ownSite = started();
  if (!shipped) throw new Error('the release command shipped no release');
  const { id, previewUrl } = shipped;
  const all = await releases();
  const live = all.find((release) => release.live);
  expect(all.find((release) => release.id === id)).toMatchObject({ live: false });
  expect((await fetch(previewUrl, { redirect: 'manual' })).status).toBe(303);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, ownSite.url, password);
  await page.goto(`${ownSite.url}${ownerPaths.sections}`);
  const about = page.getByRole('region', { name: 'About section' }).getByRole('region', { name: 'Releases' });
  // the live release offers no Delete; the others one each
  await expect(about.getByRole('button', { name: `Delete release ${live?.id ?? '-'}` })).toHaveCount(0);
  const remove = about.getByRole('button', { name: `Delete release ${id}` });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await remove.scrollIntoViewIfNeeded();
    await picture(about, `sections-releases-delete-${width}`);
    await remove.click();
    const asked = page.getByRole('dialog', { name: 'Delete this release?' });
    await expect(asked).toContainText(id);
    // shown, not fading in
    await expect(asked).toHaveCSS('opacity', '1');
    await picture(page, `sections-delete-confirmation-${width}`);
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toBeHidden();
  }
  expect((await fetch(`${ownSite.url}/sections/about/${id}/remoteEntry.js`)).status).toBe(200);

  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this release?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(about).not.toContainText(id);
  await expect(about.getByRole('heading', { name: 'Releases' })).toBeFocused();
  // its preview link and its files end at once; the live release is untouched
  expect((await fetch(previewUrl, { redirect: 'manual' })).status).toBe(404);
  expect((await fetch(`${ownSite.url}/sections/about/${id}/remoteEntry.js`)).status).toBe(404);
  expect((await fetch(`${ownSite.url}${live?.entryUrl ?? '-'}`)).status).toBe(200);
  await context.close();
  await visitorSees(browser, liveHeading);
});
