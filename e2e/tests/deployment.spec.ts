import { request } from 'node:http';
import { connect } from 'node:net';
import type { Page } from '@playwright/test';
import { missingTools, startDeployment } from '@portfolio/deployment/local-deployment';
import { remotes } from '@portfolio/parts';
import { skipWithout } from '@portfolio/stand-ins/required-tools';
import { expect, test } from '../support/fixtures';
import { siteverifyUrl, standInPorts } from '../support/ports';

// The multi-origin deployment as docker-compose.yml runs it (deploy/ templates in Debian's nginx: the shell
// and each section on its own port, two API replicas on PostgreSQL behind the shell's /api), on this machine.

const missing = missingTools();
const skipReason = missing.length > 0 ? skipWithout(missing.join(' and ')) : '';
test.skip(missing.length > 0, skipReason);
test.describe.configure({ mode: 'serial' });

type Deployment = Awaited<ReturnType<typeof startDeployment>>;
let deployment: Deployment;

test.beforeAll(async () => {
  test.setTimeout(120_000);
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

test('every route: the shell from the proxy, each section from its own origin', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  for (const remote of remotes) {
    await page.goto(`${deployment.url}${remote.path}`);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expect(unavailable(page)).toHaveCount(0);
    const origin = deployment.sectionUrls[remote.name]!;
    expect(requested.some((url) => url.startsWith(`${origin}/`))).toBe(true);
  }
  // a project page, reached from the list
  await page.goto(`${deployment.url}/projects`);
  await page.locator('main a[href^="/projects/project/"]').first().click();
  await expect(page).toHaveURL(/\/projects\/project\/[^/]+$/);
  await expect(page.getByRole('main')).not.toBeEmpty();
  await expect(unavailable(page)).toHaveCount(0);
  // nothing was loaded from the API process: sections come only from their own origins
  expect(requested.filter((url) => url.includes('/mf/'))).toEqual([]);
});

test('a contact message goes through the proxy to a replica and is mailed once', async ({ page }) => {
  const subject = `Deployed ${Date.now()}`;
  await page.goto(deployment.url);
  await fillContactForm(page, subject);
  await sendContactForm(page);
  await expect.poll(() => mailsWith(subject), { timeout: 15_000 }).toHaveLength(1);
});

test('behind the proxy each client has its own limit, shared by the replicas, and X-Forwarded-For resets nothing', async () => {
  const first = [];
  for (let i = 0; i < 6; i += 1) first.push(await downloadFrom('127.0.0.2', { 'X-Forwarded-For': `203.0.113.${i}` }));
  // 4 a minute (RATE_LIMIT_DOWNLOAD) over both replicas, whatever address the client claims
  expect(first).toEqual([200, 200, 200, 200, 429, 429]);
  expect(await downloadFrom('127.0.0.3')).toBe(200);
  expect(await downloadFrom('127.0.0.3', { 'X-Forwarded-For': '127.0.0.2' })).toBe(200);
});

test('SIGTERM ends a replica within 10 s though a client holds a half-sent request', async () => {
  const [replica] = deployment.replicas;
  const slow = connect(replica!.port, '127.0.0.1');
  slow.on('error', () => undefined);
  await new Promise((resolve) => slow.once('connect', resolve));
  slow.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl');
  const stopped = await replica!.stop('SIGTERM');
  expect(stopped.code).toBe(0);
  expect(stopped.ms).toBeLessThan(10_000);
  slow.destroy();
  await replica!.start();
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
  await victim!.start();
});
