import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startFakeSiteverify } from '@portfolio/stand-ins/fake-siteverify';
import { startSmtpSink } from '@portfolio/stand-ins/smtp-sink';
import { eventually } from './eventually.js';
import { SiteClient } from './site-client.js';
import { startApp, type RunningApp } from './start-app.js';
import { newStorage, openStorage, type StorageEnv } from './test-storage.js';

// Several API replicas on one PostgreSQL database (run by the postgres jest project only).

type Siteverify = Awaited<ReturnType<typeof startFakeSiteverify>>;
type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

const message = (subject: string) => ({
  fName: 'Ada',
  lName: 'Lovelace',
  email: 'ada@example.com',
  org: '',
  subject,
  message: 'Hello',
});

/** The same client (its cookies) speaking to another replica, as a proxy in front would send it there. */
function sameClientOn(replica: RunningApp, from: SiteClient): SiteClient {
  const client = new SiteClient(replica.baseUrl);
  const pass = from.cookie('contact_pass');
  if (pass) client.setCookie('contact_pass', pass);
  return client;
}

/** Message-IDs of the mails received, to count each message's deliveries. */
const deliveries = (smtp: SmtpSink) =>
  smtp.mails.map((mail) => /^Message-ID: <(contact-\d+)-/im.exec(mail.raw)?.[1] ?? 'no id');

describe('replicas on one PostgreSQL database', () => {
  let siteverify: Siteverify;
  let smtp: SmtpSink;
  let storage: StorageEnv;
  let replicas: RunningApp[];
  const envFor = (extra: NodeJS.ProcessEnv = {}) => ({
    ...storage,
    RECAPTCHA_SECRET: 'secret-for-tests',
    RECAPTCHA_VERIFY_URL: siteverify.url,
    SMTP_URL: smtp.url,
    CONTACT_TO: 'owner@example.com',
    RATE_LIMIT_VERIFY: '1000',
    RATE_LIMIT_CONTACT: '1000',
    RATE_LIMIT_DOWNLOAD: '4',
    OUTBOX_RETRY_BASE_MS: '100',
    ...extra,
  });

  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
    smtp = await startSmtpSink();
    storage = newStorage();
    // started together: they migrate the same empty database and agree on one cookie secret
    replicas = await Promise.all([startApp(envFor()), startApp(envFor())]);
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await smtp.close();
    await siteverify.close();
  });

  it('accept on one replica the pass the other handed out, once', async () => {
    const [a, b] = replicas as [RunningApp, RunningApp];
    const onA = new SiteClient(a.baseUrl);
    expect(await (await onA.post('/api/verify', { captchaToken: 'good' })).json()).toBe(true);
    const onB = sameClientOn(b, onA);
    const sent = await onB.post('/api/contact', message('Pass from A, sent to B'));
    expect(sent.status).toBe(200);

    // replayed on either replica afterwards: refused
    for (const replica of replicas) {
      const replay = sameClientOn(replica, onA);
      expect((await replay.post('/api/contact', message('Replay'))).status).toBe(403);
    }
  });

  it('let exactly one of 20 simultaneous uses of one pass through, across both replicas', async () => {
    const [a] = replicas as [RunningApp, RunningApp];
    const solver = new SiteClient(a.baseUrl);
    expect(await (await solver.post('/api/verify', { captchaToken: 'good' })).json()).toBe(true);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_value, index) =>
        sameClientOn(replicas[index % 2]!, solver)
          .post('/api/contact', message(`Race ${index}`))
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(19);
  });

  it('count one rate limit per client across replicas', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const replica = replicas[i % 2]!;
      const response = await fetch(`${replica.baseUrl}/api/download`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"resource":"resume"}',
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    // each replica alone would have let 4 through
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('deliver every message exactly once, whichever replica stored it', async () => {
    const before = smtp.mails.length;
    const ids = await Promise.all(
      Array.from({ length: 30 }, async (_value, index) => {
        const client = new SiteClient(replicas[index % 2]!.baseUrl);
        expect(await (await client.post('/api/verify', { captchaToken: 'good' })).json()).toBe(true);
        const response = await client.post('/api/contact', message(`Batch ${index}`));
        return ((await response.json()) as { contactID: number }).contactID;
      }),
    );
    await eventually(() => smtp.mails.length >= before + 30, '30 deliveries');
    await new Promise((resolve) => setTimeout(resolve, 500)); // time for a duplicate to show up
    const delivered = deliveries(smtp);
    for (const id of ids) expect([id, delivered.filter((entry) => entry === `contact-${id}`).length]).toEqual([id, 1]);
  });
});

describe('a replica that stops answering while it sends', () => {
  it('loses its claim once the lease runs out: another replica delivers the message, once', async () => {
    const siteverify = await startFakeSiteverify();
    const smtp = await startSmtpSink();
    // a mail server that accepts connections and never says a word: the replica's send hangs
    const hung: Socket[] = [];
    const blackHole = createServer((socket) => hung.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const storage = newStorage();
    const env = (smtpUrl: string) => ({
      ...storage,
      RECAPTCHA_SECRET: 'secret-for-tests',
      RECAPTCHA_VERIFY_URL: siteverify.url,
      SMTP_URL: smtpUrl,
      CONTACT_TO: 'owner@example.com',
      OUTBOX_LEASE_MS: '1500',
    });
    const stuck = await startApp(env(`smtp://127.0.0.1:${(blackHole.address() as AddressInfo).port}`));
    let healthy: RunningApp | undefined;
    try {
      const client = new SiteClient(stuck.baseUrl);
      expect(await (await client.post('/api/verify', { captchaToken: 'good' })).json()).toBe(true);
      const response = await client.post('/api/contact', message('Claimed by a replica that hangs'));
      const { contactID } = (await response.json()) as { contactID: number };
      await eventually(() => hung.length > 0, 'the stuck replica to claim the message and connect');

      const claimedAt = Date.now();
      healthy = await startApp(env(smtp.url));
      await eventually(() => smtp.mails.length > 0, 'delivery by the other replica', 10_000);
      expect(Date.now() - claimedAt).toBeGreaterThan(500); // not before the lease ran out
      expect(deliveries(smtp)).toEqual([`contact-${contactID}`]);

      // the hung send now fails late: it must not undo the delivery
      for (const socket of hung) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const database = await openStorage(storage);
      try {
        expect(await database.query('select delivered_at is not null as delivered from contact_messages')).toEqual([
          { delivered: true },
        ]);
      } finally {
        await database.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 1_700)); // another lease: still one mail
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await stuck.close();
      await healthy?.close();
      await new Promise<void>((resolve) => blackHole.close(() => resolve()));
      await smtp.close();
      await siteverify.close();
    }
  });
});
