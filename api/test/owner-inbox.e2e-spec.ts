import { startFakeSiteverify } from '@portfolio/stand-ins/fake-siteverify';
import { startSmtpSink } from '@portfolio/stand-ins/smtp-sink';
import { inboxPageSize, type InboxMessage, type InboxPage } from '@portfolio/contracts/owner';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';
import { OwnerClient, setOwnerPassword } from './owner-client.js';
import { SiteClient } from './site-client.js';
import { startApp, type RunningApp } from './start-app.js';
import { itOnOneStorage, newStorage, openStorage } from './test-storage.js';

const password = 'the inbox owner password';
const visitorMessage = {
  fName: 'Ada <i>',
  lName: 'Lovelace',
  email: 'ada@example.com',
  org: '<img src=x onerror=alert(1)>',
  subject: 'A question about <b>engines</b>',
  message: 'Hello there,\n<script>alert(1)</script> & more.\n\n<a href="javascript:alert(2)">click</a>',
};

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** Everything the owner's inbox holds, newest first (one page is enough here). */
async function inbox(owner: OwnerClient, page = 1): Promise<InboxPage> {
  const response = await owner.get(`/api/owner/messages?page=${page}`);
  expect(response.status).toBe(200);
  return (await response.json()) as InboxPage;
}

describe('the owner inbox', () => {
  let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
  let smtpPort: number;
  let smtp: SmtpSink | undefined;
  let app: RunningApp;
  let owner: OwnerClient;

  /** A message sent as a visitor does: the captcha (stand-in), then the form. */
  async function sendAsVisitor(fields: Partial<typeof visitorMessage> = {}): Promise<number> {
    const visitor = new SiteClient(app.baseUrl);
    expect(await (await visitor.post('/api/verify', { captchaToken: 'good' })).json()).toBe(true);
    const response = await visitor.post('/api/contact', { ...visitorMessage, ...fields });
    expect(response.status).toBe(200);
    return ((await response.json()) as { contactID: number }).contactID;
  }
  const find = async (id: number) => (await inbox(owner)).messages.find((message) => message.id === id);

  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
    smtpPort = await freePort(); // nobody listens yet: the mail server is down
    const storage = newStorage();
    await setOwnerPassword(storage, password);
    app = await startApp({
      ...storage,
      RECAPTCHA_SECRET: 'secret-for-tests',
      RECAPTCHA_VERIFY_URL: siteverify.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_TO: 'owner@example.com',
      // no retry on its own within the test: only "send again now" sends it
      OUTBOX_RETRY_BASE_MS: '600000',
      RATE_LIMIT_VERIFY: '1000',
      RATE_LIMIT_CONTACT: '1000',
    });
    owner = new OwnerClient(app.baseUrl);
    expect((await owner.login(password)).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await smtp?.close();
    await siteverify.close();
  });

  it('shows a message sent through the contact form as waiting, then delivered once "send again now" finds SMTP back', async () => {
    const id = await sendAsVisitor();
    const waiting = await eventually(async () => {
      const message = await find(id);
      return message?.delivery.state === 'waiting' && message.delivery.attempts > 0 && message;
    }, 'a failed first try');
    expect(waiting).toMatchObject({ read: false, email: 'ada@example.com' });
    if (waiting.delivery.state !== 'waiting') throw new Error('not waiting');
    expect(waiting.delivery.attempts).toBe(1);
    expect(waiting.delivery.lastError).toEqual(expect.any(String));
    expect(Date.parse(waiting.delivery.nextAttemptAt) - Date.now()).toBeGreaterThan(500_000);

    smtp = await startSmtpSink(smtpPort);
    const response = await owner.post(`/api/owner/messages/${id}/send-now`);
    expect(response.status).toBe(200);
    const queued = (await response.json()) as InboxMessage;
    expect(queued.id).toBe(id);
    expect(queued.delivery.state).toBe('waiting');
    const sink = smtp;
    await eventually(() => sink.mails.some((mail) => mail.raw.includes(`contact-${id}-`)), 'the mail');
    const delivered = await eventually(async () => {
      const message = await find(id);
      return message?.delivery.state === 'delivered' && message;
    }, 'the delivered state');
    expect(delivered.delivery).toEqual({ state: 'delivered', deliveredAt: expect.any(String) });
    expect(Math.abs(Date.parse((delivered.delivery as { deliveredAt: string }).deliveredAt) - Date.now())).toBeLessThan(
      60_000,
    );

    const again = await owner.post(`/api/owner/messages/${id}/send-now`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ statusCode: 409, message: /delivered already/ });
  });

  it("gives back the visitor's HTML as the same literal text, in JSON, never rendered", async () => {
    const id = await sendAsVisitor();
    const response = await owner.get('/api/owner/messages');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const message = ((await response.json()) as InboxPage).messages.find((entry) => entry.id === id);
    expect(message).toMatchObject(visitorMessage);
    expect(message?.createdAt).toEqual(expect.any(String));
  });

  it('lists the newest first, and marks messages read and unread', async () => {
    const older = await sendAsVisitor({ subject: 'Older' });
    const newer = await sendAsVisitor({ subject: 'Newer' });
    const ids = (await inbox(owner)).messages.map((message) => message.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const unreadBefore = (await inbox(owner)).unread;

    const read = await owner.patch(`/api/owner/messages/${older}`, { read: true });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: older, subject: 'Older', read: true });
    expect((await find(older))?.read).toBe(true);
    expect((await inbox(owner)).unread).toBe(unreadBefore - 1);
    expect((await owner.patch(`/api/owner/messages/${older}`, { read: true })).status).toBe(200); // again: still read

    const unread = await owner.patch(`/api/owner/messages/${older}`, { read: false });
    expect(await unread.json()).toMatchObject({ id: older, read: false });
    expect((await inbox(owner)).unread).toBe(unreadBefore);
  });

  it('deletes a message: 204, gone from the list, then 404', async () => {
    const id = await sendAsVisitor({ subject: 'To be deleted' });
    const { total } = await inbox(owner);
    expect((await owner.delete(`/api/owner/messages/${id}`)).status).toBe(204);
    expect(await find(id)).toBeUndefined();
    expect((await inbox(owner)).total).toBe(total - 1);
    const again = await owner.delete(`/api/owner/messages/${id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await owner.patch(`/api/owner/messages/${id}`, { read: true })).status).toBe(404);
    expect((await owner.post(`/api/owner/messages/${id}/send-now`)).status).toBe(404);
  });

  it('answers 400 to a malformed message id and 404 to an unknown one, on every message call', async () => {
    const malformed = ['abc', '0', '-1', '1.5', '1e3', '01', '%20 1', '2147483648', '99999999999999999999', '1;drop'];
    for (const id of [...malformed.map((bad) => [bad, 400] as const), ['2147483647', 404] as const]) {
      const [value, status] = id;
      for (const [method, path, body] of [
        ['PATCH', `/api/owner/messages/${value}`, { read: true }],
        ['POST', `/api/owner/messages/${value}/send-now`, undefined],
        ['DELETE', `/api/owner/messages/${value}`, undefined],
      ] as const) {
        const response = await owner.request(method, path, { body });
        expect([method, path, response.status]).toEqual([method, path, status]);
        expect(await response.json()).toMatchObject({ statusCode: status });
      }
    }
  });

  itOnOneStorage('answers hostile bodies and page numbers with a 4xx JSON error, never a 5xx', async () => {
    const id = await sendAsVisitor({ subject: 'Target of hostile bodies' });
    const bodies: Array<[string, { rawBody: string; contentType?: string }]> = [
      ['not json', { rawBody: 'read=true', contentType: 'application/x-www-form-urlencoded' }],
      ['malformed', { rawBody: '{"read":' }],
      ['array', { rawBody: '[true]' }],
      ['bare true', { rawBody: 'true' }],
      ['empty object', { rawBody: '{}' }],
      ['string', { rawBody: '{"read":"yes"}' }],
      ['number', { rawBody: '{"read":1}' }],
      ['null', { rawBody: '{"read":null}' }],
      ['unknown field', { rawBody: '{"read":true,"delivered":true}' }],
      ['proto', { rawBody: '{"read":true,"__proto__":{"x":1}}' }],
      ['huge', { rawBody: JSON.stringify({ read: true, pad: 'x'.repeat(100_000) }) }],
    ];
    for (const [what, init] of bodies) {
      const response = await owner.request('PATCH', `/api/owner/messages/${id}`, init);
      expect([what, response.status >= 400 && response.status < 500]).toEqual([what, true]);
      expect(await response.json()).toMatchObject({ statusCode: response.status });
    }
    expect((await find(id))?.read).toBe(false); // none of them changed it

    for (const page of ['0', '-1', 'abc', '1.5', '1e2', '9999999999', '', '1&page=2', '%00']) {
      const response = await owner.get(`/api/owner/messages?page=${page}`);
      expect([page, response.status]).toEqual([page, 400]);
      expect(await response.json()).toMatchObject({ statusCode: 400 });
    }
    // a parameter it does not know is ignored
    expect((await owner.get('/api/owner/messages?page[x]=1&sort=id')).status).toBe(200);
  });
});

describe('inbox pages', () => {
  let app: RunningApp;
  let owner: OwnerClient;
  const count = inboxPageSize * 2 + 5;

  beforeAll(async () => {
    const storage = newStorage();
    await setOwnerPassword(storage, password);
    // stored before the server starts (one process per PGlite folder), one a minute, #1 the oldest
    const database = await openStorage(storage);
    try {
      for (let i = 1; i <= count; i += 1) {
        await database.query(
          `insert into contact_messages (f_name, l_name, email, subject, message, created_at, delivered_at, read_at)
           values ('Visitor', $1, 'v@example.com', $2, 'Hello', now() - make_interval(mins => $3), $4, $5)`,
          [String(i), `Message ${i}`, count - i, i % 2 === 0 ? new Date() : null, i <= 10 ? new Date() : null],
        );
      }
    } finally {
      await database.close();
    }
    app = await startApp({ ...storage }); // no SMTP_URL: mail cannot go out
    owner = new OwnerClient(app.baseUrl);
    expect((await owner.login(password)).status).toBe(200);
  });
  afterAll(() => app.close());

  it('pages through every message, newest first, with the totals', async () => {
    const pages = [await inbox(owner, 1), await inbox(owner, 2), await inbox(owner, 3), await inbox(owner, 4)];
    expect(pages.map((page) => page.messages.length)).toEqual([inboxPageSize, inboxPageSize, 5, 0]);
    for (const [index, page] of pages.entries()) {
      expect(page).toMatchObject({ page: index + 1, pageSize: inboxPageSize, total: count, unread: count - 10 });
    }
    const subjects = pages.flatMap((page) => page.messages.map((message) => message.subject));
    expect(subjects).toEqual(Array.from({ length: count }, (_value, index) => `Message ${count - index}`));
    expect(await inbox(owner)).toEqual(pages[0]); // no page: the first
    const states = pages[0]!.messages.slice(0, 2).map((message) => message.delivery.state);
    expect(states).toEqual(count % 2 === 0 ? ['delivered', 'waiting'] : ['waiting', 'delivered']);
  });

  it('says why "send again now" cannot work while SMTP_URL is unset (409)', async () => {
    const waiting = (await inbox(owner)).messages.find((message) => message.delivery.state === 'waiting')!;
    const response = await owner.post(`/api/owner/messages/${waiting.id}/send-now`);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ statusCode: 409, message: /SMTP_URL is not set/ });
  });
});
