import { startFakeSiteverify } from '@portfolio/stand-ins/fake-siteverify';
import { SiteClient } from './site-client.js';
import { startSmtpSink } from '@portfolio/stand-ins/smtp-sink';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';
import { startApp, type RunningApp } from './start-app.js';
import { newStorage, openStorage, type StorageEnv } from './test-storage.js';

const message = {
  fName: 'Ada',
  lName: 'Lovelace',
  email: 'ada@example.com',
  org: 'Analytical Engines',
  subject: 'A question about <b>engines</b>',
  message: 'Hello there,\n<script>alert(1)</script> & more.',
};

type Siteverify = Awaited<ReturnType<typeof startFakeSiteverify>>;
type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

const envFor = (siteverify: Siteverify, smtpUrl: string, storage: StorageEnv = newStorage()) => ({
  ...storage,
  RECAPTCHA_SECRET: 'secret-for-tests',
  RECAPTCHA_SITE_KEY: 'site-key-for-tests',
  RECAPTCHA_VERIFY_URL: siteverify.url,
  SMTP_URL: smtpUrl,
  CONTACT_TO: 'owner@example.com',
  OUTBOX_RETRY_BASE_MS: '100',
  OUTBOX_RETRY_MAX_MS: '400',
  RATE_LIMIT_VERIFY: '1000',
  RATE_LIMIT_CONTACT: '1000',
});

/** The HTML part of a raw mail, quoted-printable decoded. */
function htmlPart(raw: string): string {
  const part = raw.split(/^Content-Type: text\/html.*$/m)[1]?.split(/^----_/m)[0] ?? '';
  return part
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Solves the captcha as the browser does (call 1), leaving the contact pass in the client's cookies. */
async function verified(client: SiteClient, token = 'good-token'): Promise<SiteClient> {
  const response = await client.post('/api/verify', { captchaToken: token });
  expect(await response.json()).toBe(true);
  return client;
}

describe('POST /api/verify and POST /api/contact', () => {
  let siteverify: Siteverify;
  let smtp: SmtpSink;
  let app: RunningApp;
  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
    smtp = await startSmtpSink();
    app = await startApp(envFor(siteverify, smtp.url));
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await siteverify.close();
  });

  it('hands the browser the captcha site key from run-time configuration', async () => {
    const response = await fetch(`${app.baseUrl}/api/config`);
    expect(await response.json()).toEqual({ recaptchaSiteKey: 'site-key-for-tests' });
  });

  it('answers true for a good token, checking it with the secret, and sets a one-time contact pass', async () => {
    const client = new SiteClient(app.baseUrl);
    const response = await client.post('/api/verify', { captchaToken: 'good-1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toBe(true);
    expect(siteverify.seen.at(-1)).toEqual({ secret: 'secret-for-tests', response: 'good-1' });
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^contact_pass=s%3A/); // signed
    expect(cookie).toMatch(/; Max-Age=600;/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
  });

  it('answers false, without a pass, for a refused token or one solved on another site', async () => {
    for (const token of ['refused', 'elsewhere-token']) {
      const response = await new SiteClient(app.baseUrl).post('/api/verify', { captchaToken: token });
      expect([token, response.status, await response.json()]).toEqual([token, 200, false]);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('answers 502 with a JSON error when the provider cannot give an answer', async () => {
    const response = await new SiteClient(app.baseUrl).post('/api/verify', { captchaToken: 'down-token' });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      statusCode: 502,
      message: 'The captcha provider could not be reached.',
    });
  });

  it('refuses a verify body without a token (400) and POSTs from elsewhere or nowhere (403)', async () => {
    const client = new SiteClient(app.baseUrl);
    expect((await client.post('/api/verify', {})).status).toBe(400);
    expect((await client.post('/api/verify', { captchaToken: 'good', extra: 1 })).status).toBe(400);
    expect(
      (await client.post('/api/verify', { captchaToken: 'good' }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await client.post('/api/verify', { captchaToken: 'good' }, { origin: null })).status).toBe(403);
  });

  it('stores a message and mails it to the owner: Reply-To the visitor, text plus escaped HTML', async () => {
    const client = await verified(new SiteClient(app.baseUrl));
    const response = await client.post('/api/contact', message);
    expect(response.status).toBe(200);
    const { contactID } = (await response.json()) as { contactID: number };
    expect(Number.isInteger(contactID)).toBe(true);
    expect(response.headers.getSetCookie().join()).toMatch(/contact_pass=; Path=\/api; Expires=Thu, 01 Jan 1970/); // the pass is used up

    const mail = await eventually(() => smtp.mails.find((m) => m.raw.includes(`contact-${contactID}-`)), 'the mail');
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.raw).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>$/m);
    expect(mail.raw).toMatch(/^Subject: Contact form: A question about <b>engines<\/b>$/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain(`message #${contactID}`);
    expect(mail.raw).toContain('<script>alert(1)</script> & more.'); // the plain text part, as written
    const html = htmlPart(mail.raw);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more.');
    expect(html).toContain('A question about &lt;b&gt;engines&lt;/b&gt;');
    expect(html).not.toContain('<script>');
  });

  it('refuses a message without a pass, with a forged pass, and a replayed pass (403 JSON)', async () => {
    const none = await new SiteClient(app.baseUrl).post('/api/contact', message);
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });

    const forged = new SiteClient(app.baseUrl);
    forged.setCookie('contact_pass', 'made-up');
    expect((await forged.post('/api/contact', message)).status).toBe(403);

    const client = await verified(new SiteClient(app.baseUrl));
    const pass = client.cookie('contact_pass')!;
    expect((await client.post('/api/contact', message)).status).toBe(200);
    client.setCookie('contact_pass', pass);
    const replay = await client.post('/api/contact', message);
    expect(replay.status).toBe(403);
    expect(await replay.json()).toMatchObject({ statusCode: 403 });
  });

  it('answers 400 naming each invalid field, and the pass still works for the corrected message', async () => {
    const client = await verified(new SiteClient(app.baseUrl));
    const response = await client.post('/api/contact', {
      ...message,
      fName: '',
      email: 'not-an-address',
      subject: 'Hi\r\nBcc: everyone@example.com',
      message: 'x'.repeat(4001),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'fName', 'message', 'subject']);
    expect(body.message).toBe('Invalid fields: fName, email, subject, message.');

    const unknown = await client.post('/api/contact', { ...message, admin: true });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ fields: { body: 'Unknown fields: admin.' } });

    expect((await client.post('/api/contact', message)).status).toBe(200);
  });

  it('refuses contact POSTs from another origin even with a pass', async () => {
    const client = await verified(new SiteClient(app.baseUrl));
    expect((await client.post('/api/contact', message, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('the outbox', () => {
  let siteverify: Siteverify;
  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
  });
  afterAll(() => siteverify.close());

  it('keeps a message through an SMTP outage and delivers it when SMTP is back', async () => {
    const port = await freePort();
    const app = await startApp(envFor(siteverify, `smtp://127.0.0.1:${port}`));
    try {
      const client = await verified(new SiteClient(app.baseUrl));
      const response = await client.post('/api/contact', { ...message, subject: 'During the outage' });
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 600)); // a few failed tries
      const smtp = await startSmtpSink(port);
      try {
        const mail = await eventually(
          () => smtp.mails.find((m) => m.raw.includes('During the outage')),
          'delivery after the outage',
        );
        expect(mail.to).toEqual(['owner@example.com']);
      } finally {
        await smtp.close();
      }
    } finally {
      await app.close();
    }
  });

  it('delivers, after a restart, what was stored but not yet delivered, and marks it delivered', async () => {
    const storage = newStorage();
    const port = await freePort();
    const first = await startApp(envFor(siteverify, `smtp://127.0.0.1:${port}`, storage));
    const client = await verified(new SiteClient(first.baseUrl));
    const response = await client.post('/api/contact', { ...message, subject: 'Before the restart' });
    const { contactID } = (await response.json()) as { contactID: number };
    await first.close();

    const smtp = await startSmtpSink(port);
    const second = await startApp(envFor(siteverify, smtp.url, storage));
    try {
      const mail = await eventually(
        () => smtp.mails.find((m) => m.raw.includes('Before the restart')),
        'delivery after the restart',
      );
      expect(mail.raw).toContain(`message #${contactID}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await second.close();
      await smtp.close();
    }
    const database = await openStorage(storage);
    try {
      const rows = await database.query<{ id: number; subject: string; delivered: boolean }>(
        'select id, subject, delivered_at is not null as delivered from contact_messages',
      );
      expect(rows).toEqual([{ id: contactID, subject: 'Before the restart', delivered: true }]);
    } finally {
      await database.close();
    }
  });

  it('stores messages without SMTP_URL and leaves them undelivered', async () => {
    const storage = newStorage();
    const app = await startApp(envFor(siteverify, '', storage));
    const client = await verified(new SiteClient(app.baseUrl));
    const response = await client.post('/api/contact', message);
    expect(response.status).toBe(200);
    await app.close();
    const database = await openStorage(storage);
    try {
      expect(await database.query('select delivered_at from contact_messages')).toEqual([{ delivered_at: null }]);
    } finally {
      await database.close();
    }
  });
});
