import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import type { Page } from '@playwright/test';
import { missingTools, startDeployment } from '@portfolio/deployment/local-deployment';
import { ownerPaths } from '@portfolio/contracts/owner';
import { remotes } from '@portfolio/parts';
import { skipWithout } from '@portfolio/stand-ins/required-tools';
import { expect, test } from '../support/fixtures';
import { keepServerHeading, serverHeadingKept } from '../support/hydration';
import { e2eOwnerPassword, logIn, setOwnerPassword } from '../support/owner';
import { siteverifyUrl, standInPorts } from '../support/ports';
import { headingIn, serverFrame, serverPages } from '../support/server-pages';
import { recordRequests } from '../support/network-log';

// The multi-origin deployment as docker-compose.yml runs it (deploy/ templates in Debian's nginx: the shell
// and each section on its own port, two API replicas on PostgreSQL behind the shell's pages and /api), on
// this machine. remotes.json names the sections as the browser reaches them (localhost); the replicas
// reach them on other ports (SECTION_ORIGINS_FOR_SERVER), as compose's containers reach mf-home:80.

const missing = missingTools();
const skipReason = missing.length > 0 ? skipWithout(missing.join(' and ')) : '';
test.skip(missing.length > 0, skipReason);
// each test drives nginx, two replicas and PostgreSQL: on a busy 2-core machine 30 s is not enough
test.describe.configure({ mode: 'serial', timeout: 90_000 });

type Deployment = Awaited<ReturnType<typeof startDeployment>>;
let deployment: Deployment;

test.beforeAll(async () => {
  test.setTimeout(210_000);
  deployment = await startDeployment({
    basePort: standInPorts.deployment,
    apiEnv: {
      RECAPTCHA_SITE_KEY: 'e2e-site-key',
      RECAPTCHA_SECRET: 'e2e-secret',
      RECAPTCHA_VERIFY_URL: `${siteverifyUrl}/recaptcha/api/siteverify`,
      SMTP_URL: `smtp://127.0.0.1:${standInPorts.smtp}`,
      CONTACT_TO: 'owner@example.com',
      RATE_LIMIT_DOWNLOAD: '4',
    },
  });
});
test.afterAll(async () => {
  await deployment.stop();
});

const unavailable = (page: Page) => page.getByRole('heading', { name: 'This part of the site is unavailable' });

/** The contact form's fields by their product labels (docs/product-rules.md). */
const fields = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Email address': 'ada@example.com',
  Subject: 'Through the proxy',
  Message: 'Sent through nginx to a replica.',
};

async function fillContactForm(page: Page, subject: string) {
  for (const [label, value] of Object.entries({ ...fields, Subject: subject })) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await expect(page.locator('.fake-recaptcha')).toBeVisible();
  await page.locator('.fake-recaptcha input').check();
}

async function sendContactForm(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toContainText('Successfully sent your message!');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
}

async function mailsWith(text: string): Promise<string[]> {
  const mails = (await (await fetch(`${siteverifyUrl}/mails`)).json()) as Array<{ raw: string }>;
  return mails.map((mail) => mail.raw).filter((raw) => raw.includes(text));
}

/** A POST /api/download through the proxy from a given loopback address (127.0.0.0/8 is all this machine). */
function downloadFrom(localAddress: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(deployment.url);
    const req = request(
      {
        host: hostname,
        port,
        localAddress,
        method: 'POST',
        path: '/api/download',
        headers: { 'Content-Type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{"resource":"resume"}');
  });
}

/** A page as a client without JavaScript gets it through nginx: one plain HTTP request, redirects not followed. */
async function pageThroughProxy(path: string) {
  const response = await fetch(`${deployment.url}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Each page rendered by a replica: the frame and the section's own heading, not the shell's empty page. */
async function expectRenderedPages() {
  for (const { path, heading } of serverPages) {
    // the first answer: each replica keeps its renderers ready and renders the sitemap's pages ahead
    const { status, headers, html } = await pageThroughProxy(path);
    expect([path, status]).toEqual([path, 200]);
    expect(headers.get('cache-control')).toContain('s-maxage=');
    expect(html).toMatch(serverFrame);
    expect(html).toMatch(headingIn(heading));
    expect(html).not.toContain('Loading…');
  }
}

test('every page comes rendered by a replica through nginx, naming each section as the browser reaches it', async () => {
  await expectRenderedPages();
  for (const { path, section } of serverPages) {
    const { headers, html } = await pageThroughProxy(path);
    // the exact build the browser hydrates with, at the browser's origin (remotes.json), never the replicas' own
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="script" href="${deployment.sectionUrls[section]}/remoteEntry\\.[0-9a-f]{10}\\.js">`,
      ),
    );
    for (const serverOrigin of Object.values(deployment.sectionUrlsForServer)) expect(html).not.toContain(serverOrigin);
    expect(headers.get('content-security-policy')).toContain(deployment.sectionUrls[section]);
    // the origin the visitor used, through nginx's Host
    expect(html).toContain(`<link rel="canonical" href="${deployment.url}${path}">`);
  }

  const missing = await pageThroughProxy('/no/such/page');
  expect(missing.status).toBe(404);
  expect(missing.html).toMatch(/<header class="site-header">.*Oops!.*<footer class="site-footer">/s);
  const unknownProject = await pageThroughProxy('/projects/project/no-such-project');
  expect([unknownProject.status, unknownProject.headers.get('location')]).toEqual([302, '/projects']);
  // a file is nginx's, and a missing one is nginx's 404, not a page
  expect((await pageThroughProxy('/no-such-file.js')).status).toBe(404);
  const sitemap = (await pageThroughProxy('/sitemap.xml')).html;
  for (const { path } of serverPages) expect(sitemap).toContain(`<loc>${deployment.url}${path}</loc>`);

  // the replicas fetched the sections' server builds on their own ports; the browser's ports saw none of it
  const logged = readFileSync(deployment.accessLog, 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([, , uri]) => uri?.includes('/server/'));
  const ports = (urls: Record<string, string>) => Object.values(urls).map((url) => new URL(url).port);
  expect(new Set(logged.map(([port]) => port))).toEqual(new Set(ports(deployment.sectionUrlsForServer)));
  expect(logged.filter(([port]) => ports(deployment.sectionUrls).includes(port ?? ''))).toEqual([]);
});

test('every route: the page from a replica, hydrated with each section from its own origin, no error', async ({
  page,
}) => {
  const requested = recordRequests(page);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(keepServerHeading);
  for (const { path, section } of serverPages) {
    await page.goto(`${deployment.url}${path}`);
    await page.waitForLoadState('networkidle');
    // hydrated: the server's heading is still the one in the page, and a link answers
    await page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true }).hover();
    expect([path, await page.evaluate(serverHeadingKept)]).toEqual([path, true]);
    await expect(unavailable(page)).toHaveCount(0);
    expect(requested.some((url) => url.startsWith(`${deployment.sectionUrls[section]}/`))).toBe(true);
  }
  // a project page, reached from the list
  await page.goto(`${deployment.url}/projects`);
  await page.locator('main a[href^="/projects/project/"]').first().click();
  await expect(page).toHaveURL(/\/projects\/project\/[^/]+$/);
  await expect(page.getByRole('main')).not.toBeEmpty();
  await expect(unavailable(page)).toHaveCount(0);
  // nothing was loaded from the API process: sections come only from their own origins
  expect(requested.filter((url) => url.includes('/mf/'))).toEqual([]);
  expect(errors).toEqual([]);
});

test("section releases are the API's: nginx sends /sections/ to a replica, hashed names included", async () => {
  // an unknown release: the API's JSON 404, not nginx's page or a file of the shell's
  for (const file of ['remoteEntry.js', 'main.0123456789.js']) {
    const response = await fetch(`${deployment.url}/sections/about/0123456789abcdef/${file}`);
    expect([file, response.status, response.headers.get('content-type')]).toEqual([
      file,
      404,
      expect.stringContaining('application/json'),
    ]);
  }
});

test('a contact message goes through the proxy to a replica and is mailed once', async ({ page }) => {
  const subject = `Deployed ${Date.now()}`;
  await page.goto(deployment.url);
  await fillContactForm(page, subject);
  await sendContactForm(page);
  await expect.poll(() => mailsWith(subject), { timeout: 15_000 }).toHaveLength(1);
});

test("the owner's preview comes rendered by a replica through the preview origin's nginx, never on the site's", async ({
  page,
  browser,
}) => {
  // npm run owner:password first builds what is stale
  setOwnerPassword({ DATABASE_URL: deployment.databaseUrl }, e2eOwnerPassword);
  await logIn(page, deployment.url, e2eOwnerPassword);
  await page.goto(`${deployment.url}${ownerPaths.sections}`);
  // the live build, at another origin than the one it is live at: a build elsewhere, as far as the site can tell,
  // imported as a release (the replica that answers fetches it; the row and files are the database's, for both)
  const build = `${deployment.sectionUrls.about!.replace('localhost', '127.0.0.1')}/remoteEntry.js`;
  const card = page.getByRole('region', { name: 'About section' });
  await card.getByRole('textbox', { name: 'Import a build from a URL into the About section' }).fill(build);
  await card.getByRole('button', { name: 'Import', exact: true }).click();
  const imported = card.getByRole('status').filter({ hasText: 'Imported as release' });
  await expect(imported).toBeVisible({ timeout: 60_000 });
  const id = /Imported as release ([0-9a-f]{16})\./.exec((await imported.textContent()) ?? '')?.[1] ?? '-';
  await card.getByRole('button', { name: `Preview (release ${id})` }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Preview link made' })).toBeVisible({ timeout: 60_000 });
  const link = card.getByRole('link', { name: 'Open the preview of the About section' });
  // PREVIEW_ORIGIN: nginx's preview server, in front of the replicas' preview listeners
  expect(await link.getAttribute('href')).toMatch(new RegExp(`^${deployment.previewUrl}/sections/preview/`));
  // opened in this browser: the preview cookie, set by the preview origin through nginx
  expect((await page.request.get((await link.getAttribute('href')) ?? '')).url()).toBe(
    `${deployment.previewUrl}/about`,
  );

  // the preview's renderer starts on its first page, which waits for it
  const owners = await page.request.get(`${deployment.previewUrl}/about`);
  const html = await owners.text();
  expect(owners.status()).toBe(200);
  // inserted by the server above React's root
  expect(html).toMatch(/<aside id="preview-banner"[^>]*>.*<\/aside><div id="root"/s);
  expect(html).toContain(`/sections/about/${id}/remoteEntry.`);
  expect(html).toMatch(headingIn('About Me'));
  expect(owners.headers()['cache-control']).toBe('private, no-store');
  // the same browser, cookie and all, on the site's origin: the live site, and no owner's call through the preview's
  const onSite = await (await page.request.get(`${deployment.url}/about`)).text();
  expect(onSite).not.toContain('preview-banner');
  expect((await page.request.get(`${deployment.previewUrl}/api/owner/sections`)).status()).toBe(404);
  expect((await page.request.get(`${deployment.url}/api/owner/sections`)).status()).toBe(200);

  const visitor = await browser.newContext();
  const visitorHtml = await (await visitor.request.get(`${deployment.url}/about`)).text();
  expect(visitorHtml).not.toContain('preview-banner');
  await visitor.close();
});

/** A GET through nginx with headers fetch will not send (Host): one plain HTTP request, the body as text. */
function getWithHeaders(path: string, headers: Record<string, string>): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(deployment.url);
    const req = request({ host: hostname, port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, html: body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test("a client's Host, X-Forwarded-Host, X-Forwarded-Proto or Forwarded changes no URL: nginx sends its own", async () => {
  const foreign = {
    Host: 'evil.example',
    'X-Forwarded-Host': 'evil.example',
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-Port': '8443',
    Forwarded: 'host=evil.example;proto=https',
  };
  // a path of its own under each page, so that no page rendered ahead hides what the replica renders for the stranger
  const unasked = serverPages.map((page) => `${page.path.replace(/\/$/, '')}/foreign`);
  for (const path of [...serverPages.map((page) => `${page.path}?foreign=1`), ...unasked]) {
    const { status, html: body } = await getWithHeaders(path, foreign);
    expect([path, status]).toEqual([path, path.endsWith('/foreign') ? 404 : 200]);
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('https://127.0.0.1');
    expect(body).not.toContain(':8443');
    if (path.includes('?')) {
      expect(body).toContain(`<link rel="canonical" href="${deployment.url}${path.split('?')[0] ?? ''}">`);
    }
  }
  const sitemap = await getWithHeaders('/sitemap.xml', foreign);
  for (const { path } of serverPages) expect(sitemap.html).toContain(`<loc>${deployment.url}${path}</loc>`);
  expect((await getWithHeaders('/robots.txt', foreign)).html).toContain(`${deployment.url}/sitemap.xml`);
});

test('behind the proxy each client has its own limit, shared by the replicas, and X-Forwarded-For resets nothing', async () => {
  const first = [];
  for (let i = 0; i < 6; i += 1) first.push(await downloadFrom('127.0.0.2', { 'X-Forwarded-For': `203.0.113.${i}` }));
  // 4 a minute (RATE_LIMIT_DOWNLOAD) over both replicas, whatever address the client claims
  expect(first).toEqual([200, 200, 200, 200, 429, 429]);
  expect(await downloadFrom('127.0.0.3')).toBe(200);
  expect(await downloadFrom('127.0.0.3', { 'X-Forwarded-For': '127.0.0.2' })).toBe(200);
});

test('one replica killed mid-visit changes nothing for the visitor', async ({ page }) => {
  const subject = `Survived ${Date.now()}`;
  await page.goto(deployment.url);
  await fillContactForm(page, subject);
  const [, victim] = deployment.replicas;
  const killed = await victim!.stop('SIGKILL');
  expect(killed.signal).toBe('SIGKILL');

  await sendContactForm(page);
  for (const remote of remotes) {
    await page.getByRole('banner').locator(`a[href="${remote.path}"]`).first().click();
    await expect(page).toHaveURL(`${deployment.url}${remote.path}`);
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expect(unavailable(page)).toHaveCount(0);
  }
  await expect.poll(() => mailsWith(subject), { timeout: 15_000 }).toHaveLength(1);
  // pages still come rendered, by the replica left (twice: nginx takes turns, and skips the dead one)
  await expectRenderedPages();
  await expectRenderedPages();
});

// last: it ends the replica the test above left, and none is started again (afterAll stops the rest)
test("SIGTERM ends the last replica within 10 s though a client holds a half-sent request; then nginx sends the shell's page", async () => {
  const [replica] = deployment.replicas;
  const slow = connect(replica!.port, '127.0.0.1');
  slow.on('error', () => undefined);
  await new Promise((resolve) => slow.once('connect', resolve));
  slow.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl');
  const stopped = await replica!.stop('SIGTERM');
  expect(stopped.code).toBe(0);
  expect(stopped.ms).toBeLessThan(10_000);
  slow.destroy();

  // with no replica at all, nginx sends the shell's page for the browser to render on its own
  expect(deployment.replicas.filter((running) => running.running)).toEqual([]);
  const fallback = await pageThroughProxy('/about');
  expect([fallback.status, fallback.headers.get('cache-control')]).toEqual([200, 'no-store']);
  expect(fallback.html).toContain('<div id="root"');
  expect(fallback.html).not.toMatch(headingIn('About Me'));
});
