import { loadavg } from 'node:os';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { ownerPaths } from '@portfolio/contracts/owner';
import type { CreatedDeployToken, SectionRelease } from '@portfolio/contracts/section-releases';
import { standInPorts } from '../support/ports';
import { startOwnSite, type OwnSite } from '../support/own-site';
import { e2eOwnerPassword, logIn, setOwnerPassword } from '../support/owner';
import { copyOfSection, runRelease } from '../support/release-command';

// one site, shipped to in turn by the real release command, run once (a type check and a webpack build): a good
// release, previewed, promoted, rolled back, then deleted. A release that fails the browser check is proven below
// the browser: the check itself in real Chromium (packages/hydration-check), the command's words for a refused
// release (packages/release-command), and a failed browser check kept final by the site
// (api/test/hostile-releases-uploads.e2e-spec.ts, row 15).
test.describe.configure({ mode: 'serial' });

const liveHeading = 'About Me';
const releasedHeading = 'About Me, released';

let site: OwnSite;
let owner: APIRequestContext;
let token: string;
/** the first test's release and its preview link: the owner deletes it in the last test */
let shipped: { id: string; previewUrl: string } | null = null;
let stop = (): Promise<void> | void => undefined;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000); // a whole server starting on a busy machine
  site = await startOwnSite(standInPorts.releaseSite);
  stop = () => site.stop();
  setOwnerPassword(site.dataDir, e2eOwnerPassword);
  owner = await playwright.request.newContext({ baseURL: site.url, extraHTTPHeaders: { origin: site.url } });
  stop = async () => {
    await owner.dispose();
    site.stop();
  };
  expect((await owner.post('/api/owner/login', { data: { password: e2eOwnerPassword } })).ok()).toBe(true);
  const made = await owner.post('/api/owner/deploy-tokens', { data: { section: 'about', name: 'e2e laptop' } });
  expect(made.status()).toBe(201);
  token = ((await made.json()) as CreatedDeployToken).secret;
});
test.afterAll(() => stop());

/**
 * The About page's heading as a new visitor (a fresh context: no preview, no session) gets it on their first
 * visit: a promote or roll back is answered only once it is visible, so the next page is the new one.
 */
async function visitorSees(browser: Browser, heading: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.locator('#preview-banner')).toHaveCount(0);
  await context.close();
}

const releases = async () => (await (await owner.get('/api/owner/sections/about/releases')).json()) as SectionRelease[];

test('the release command ships a change: previewed by link only, promoted by the owner, rolled back', async ({
  browser,
}) => {
  test.setTimeout(300_000); // a type check and a production build, on two cores shared with other suites
  const section = copyOfSection('mf-about');
  try {
    section.edit('src/pages/about-page.tsx', `>${liveHeading}</h1>`, `>${releasedHeading}</h1>`);
    const run = await runRelease(section.dir, site.url, token, 'a new heading');
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
    expect(run.previewUrl?.startsWith(`${site.previewUrl}/sections/preview/`), run.previewUrl ?? '').toBe(true);
    const reviewer = await browser.newContext();
    const page = await reviewer.newPage();
    await page.goto(run.previewUrl ?? '');
    await expect(page).toHaveURL(`${site.previewUrl}/about`);
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
    await logIn(ownerPage, site.url, e2eOwnerPassword);
    await ownerPage.goto(`${site.url}${ownerPaths.sections}`);
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
    // mark moving, so the released one (live before, hence gone back to) is offered again
    await expect(about.getByRole('button', { name: `Roll back to this release (release ${id})` })).toBeVisible();
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
  if (!shipped) throw new Error('the first test shipped no release');
  const { id, previewUrl } = shipped;
  const all = await releases();
  const live = all.find((release) => release.live);
  expect(all.find((release) => release.id === id)).toMatchObject({ live: false });
  expect((await fetch(previewUrl, { redirect: 'manual' })).status).toBe(303);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, site.url, e2eOwnerPassword);
  await page.goto(`${site.url}${ownerPaths.sections}`);
  const about = page.getByRole('region', { name: 'About section' }).getByRole('region', { name: 'Releases' });
  // the live release offers no Delete; the others one each
  await expect(about.getByRole('button', { name: `Delete release ${live?.id ?? '-'}` })).toHaveCount(0);
  const remove = about.getByRole('button', { name: `Delete release ${id}` });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await remove.scrollIntoViewIfNeeded();
    await about.screenshot({ path: test.info().outputPath(`sections-releases-delete-${width}.png`) });
    await remove.click();
    const asked = page.getByRole('dialog', { name: 'Delete this release?' });
    await expect(asked).toContainText(id);
    // shown, not fading in
    await expect(asked).toHaveCSS('opacity', '1');
    await page.screenshot({ path: test.info().outputPath(`sections-delete-confirmation-${width}.png`) });
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toBeHidden();
  }
  expect((await fetch(`${site.url}/sections/about/${id}/remoteEntry.js`)).status).toBe(200);

  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this release?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(about).not.toContainText(id);
  await expect(about.getByRole('heading', { name: 'Releases' })).toBeFocused();
  // its preview link and its files end at once; the live release is untouched
  expect((await fetch(previewUrl, { redirect: 'manual' })).status).toBe(404);
  expect((await fetch(`${site.url}/sections/about/${id}/remoteEntry.js`)).status).toBe(404);
  expect((await fetch(`${site.url}${live?.entryUrl ?? '-'}`)).status).toBe(200);
  await context.close();
  await visitorSees(browser, liveHeading);
});
