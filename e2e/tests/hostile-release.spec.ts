import { randomBytes } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type ConsoleMessage } from '@playwright/test';
import { packRelease } from '@portfolio/release-command/release-archive';
import type { CreatedDeployToken, DeployToken, ReleaseUploaded } from '@portfolio/contracts/section-releases';
import { copyOfBuild } from '../support/own-site';
import { e2eOwnerPassword, logIn } from '../support/owner';
import { siteServer } from '../support/site-server';
import { recordRequests } from '../support/network-log';

// Red team row 5 (issue 25): a deploy token's holder uploads a release whose code acts as the owner; a logged-in
// owner opens it in Chromium through its preview link and through its files' URLs. Nothing gets done: the server
// has no new token, and no page of the release read the inbox. What each part refuses is proved over HTTP in
// api/test/preview-origin.e2e-spec.ts; this is the whole stack, once, with the build the other tests use.

const site = siteServer.url;
const previewOrigin = siteServer.previewUrl;

/**
 * What the release's browser code does wherever it runs: call the owner's API on its own origin and on the
 * site's (make a token that may promote, read the inbox), then say what it got in the console, where the test reads it.
 */
const hostileCode = `
;(function () {
  if (window.__hostile) return;
  window.__hostile = true;
  var site = ${JSON.stringify(site)};
  var say = function (what, got) { console.log('HOSTILE ' + what + ': ' + got); };
  var token = JSON.stringify({ section: 'about', name: 'hostile', mayPromote: true });
  var json = { 'Content-Type': 'application/json' };
  var attempt = function (what, url, init) {
    return fetch(url, Object.assign({ credentials: 'include' }, init)).then(
      function (answer) { return answer.text().then(function (text) { say(what, answer.status + ' ' + text.slice(0, 2000)); }); },
      function (error) { say(what, 'refused ' + error); }
    );
  };
  Promise.all([
    attempt('token here', '/api/owner/deploy-tokens', { method: 'POST', headers: json, body: token }),
    attempt('inbox here', '/api/owner/messages?page=1', {}),
    attempt('token on the site', site + '/api/owner/deploy-tokens', { method: 'POST', headers: json, body: token }),
    attempt('plain token on the site', site + '/api/owner/deploy-tokens', { method: 'POST', mode: 'no-cors', body: token }),
    attempt('inbox on the site', site + '/api/owner/messages?page=1', {}),
  ]).then(function () { say('cookies', document.cookie); say('done on', location.origin); });
})();
`;

/**
 * An SVG opened as a page runs its scripts: one of the release's own, which a policy of "scripts from this origin"
 * lets in, as the site's origin's if nothing stops it.
 */
const hostileSvg = '<svg xmlns="http://www.w3.org/2000/svg"><script href="svg-payload.js"/></svg>';
const svgPayload = `console.log('HOSTILE svg ran on ' + location.origin);
fetch('/api/owner/deploy-tokens', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ section: 'about', name: 'svg', mayPromote: true }) });`;

/** The live About section's build with the code above in every browser script, and two files to open as pages. */
function hostileBuild(): string {
  const build = copyOfBuild('mf-about');
  for (const file of readdirSync(build)) if (file.endsWith('.js')) appendFileSync(path.join(build, file), hostileCode);
  writeFileSync(path.join(build, 'evil.svg'), hostileSvg);
  writeFileSync(path.join(build, 'svg-payload.js'), svgPayload);
  writeFileSync(path.join(build, 'page.js'), `<!doctype html><script>${hostileCode}</script>`);
  const manifestFile = path.join(build, 'server/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string };
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: `${manifest.version}-hostile` }));
  return build;
}

test("a release's code opened by the logged-in owner, by its preview link and its files' URLs, gets nothing done", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = page.request;
  const asOwner = { headers: { Origin: site } };
  // the inbox holds a message only the owner may read
  const secret = `inbox-secret-${randomBytes(6).toString('hex')}`;
  expect((await owner.post(`${site}/api/verify`, { ...asOwner, data: { captchaToken: 'good-hostile' } })).ok()).toBe(
    true,
  );
  const sent = await owner.post(`${site}/api/contact`, {
    ...asOwner,
    data: { fName: 'Ada', lName: 'Reader', email: 'ada@example.com', subject: secret, message: secret },
  });
  expect(sent.ok()).toBe(true);

  await logIn(page, site, e2eOwnerPassword);
  expect(JSON.stringify(await (await owner.get(`${site}/api/owner/messages?page=1`)).json())).toContain(secret);
  const made = await owner.post(`${site}/api/owner/deploy-tokens`, {
    ...asOwner,
    data: { section: 'about', name: 'about developer' },
  });
  const { secret: deployToken } = (await made.json()) as CreatedDeployToken;
  const tokens = async () =>
    ((await (await owner.get(`${site}/api/owner/deploy-tokens`)).json()) as DeployToken[]).length;
  const tokensBefore = await tokens();

  // the token's holder uploads the release (refused by no check: its server half is the live one's)
  const { archive } = await packRelease(hostileBuild());
  const upload = await fetch(`${site}/api/sections/about/releases`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${deployToken}`, 'Content-Type': 'application/gzip' },
    body: new Uint8Array(archive),
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const { release, previewUrl } = (await upload.json()) as ReleaseUploaded;
  expect(previewUrl.startsWith(`${previewOrigin}/sections/preview/`)).toBe(true);

  const said: string[] = [];
  page.on('console', (message: ConsoleMessage) => said.push(message.text()));
  const requested = recordRequests(page);
  const done = () => page.waitForEvent('console', (message) => message.text().startsWith('HOSTILE done on'));

  // 1. the preview link, as a page of any site would link to it: on the site's origin, sent on to the preview origin
  const ranByLink = done();
  await page.goto(`${site}${new URL(previewUrl).pathname}`);
  await ranByLink;
  expect(page.url()).toBe(`${previewOrigin}/about`);
  await expect(page.locator('#preview-banner')).toContainText(`release ${release.id}`);
  const reports = said.filter((text) => text.startsWith('HOSTILE'));
  expect(reports).toContain(`HOSTILE done on: ${previewOrigin}`);
  // on the preview origin: no owner's API at all; to the site's: refused before it leaves the page (CSP), and by
  // the server if it did (the preview origin's Origin, no CORS: api/test/preview-origin.e2e-spec.ts)
  expect(reports.find((text) => text.startsWith('HOSTILE token here:'))).toMatch(/^HOSTILE token here: 404 /);
  expect(reports.find((text) => text.startsWith('HOSTILE inbox here:'))).toMatch(/^HOSTILE inbox here: 404 /);
  for (const what of ['token on the site', 'plain token on the site', 'inbox on the site'])
    expect(reports.find((text) => text.startsWith(`HOSTILE ${what}:`))).toMatch(
      new RegExp(`^HOSTILE ${what}: refused`),
    );
  // the owner's cookies are httpOnly: the page's script sees none of them
  expect(reports.find((text) => text.startsWith('HOSTILE cookies:'))).toBe('HOSTILE cookies: ');

  // the same pages on the site's origin, with the preview cookie the browser now sends there too: the live section
  await page.goto(`${site}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#preview-banner')).toHaveCount(0);

  // 2. the release's files opened as pages, on either origin: an SVG's script never runs, a script is text
  for (const origin of [site, previewOrigin]) {
    for (const file of ['evil.svg', 'page.js']) {
      const answer = await page.goto(`${origin}/sections/about/${release.id}/${file}`);
      expect(answer?.headers()['content-security-policy']).toBe("sandbox; default-src 'none'");
    }
  }
  // whatever ran had a moment to call (the owner's next page waits for its own calls to answer)
  await page.goto(`${site}/owner/inbox`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  // the server's state: no new token; the inbox's text reached no page of the release (its console, its requests);
  // and nothing of the release ran outside the preview
  expect(await tokens()).toBe(tokensBefore);
  expect(said.filter((text) => text.startsWith('HOSTILE svg'))).toEqual([]);
  expect(said.filter((text) => text.startsWith('HOSTILE done on')).length).toBe(1);
  expect(said.filter((text) => text.includes(secret))).toEqual([]);
  expect(requested.filter((url) => url.includes(secret))).toEqual([]);
});
