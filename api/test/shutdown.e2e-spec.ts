import { connect, type Socket } from 'node:net';
import { startFakeSiteverify } from '@portfolio/stand-ins/fake-siteverify';
import { startSmtpSink } from '@portfolio/stand-ins/smtp-sink';
import { requestGraceMs } from '../src/shutdown.js';
import { eventually } from './eventually.js';
import { SiteClient } from './site-client.js';
import { startApp } from './start-app.js';
import { newStorage, openStorage, testStorage } from './test-storage.js';

/** A raw connection to the app, collecting what the server answers. */
async function rawConnection(baseUrl: string) {
  const { port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined); // a reset when the server cuts it is what some tests expect
  return { socket, closed, received: () => received };
}

describe(`stopping (SIGTERM) on ${testStorage}`, () => {
  it('ends within seconds with an idle keep-alive client and a half-sent request, and finishes one in flight', async () => {
    const app = await startApp();
    const idle = await rawConnection(app.baseUrl);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await eventually(() => idle.received().includes('"ok"'), 'the keep-alive answer');
    const headersHalfSent = await rawConnection(app.baseUrl);
    headersHalfSent.socket.write('POST /api/download HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl');
    const bodyNeverEnds = await rawConnection(app.baseUrl);
    bodyNeverEnds.socket.write(
      'POST /api/download HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"res',
    );
    const body = '{"resource":"resume"}';
    const inFlight = await rawConnection(app.baseUrl);
    inFlight.socket.write(
      `POST /api/download HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n{"resource"`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = Date.now();
    const stopped = app.close();
    // the request in flight sends the rest of its body during the grace period, and is answered
    setTimeout(() => inFlight.socket.end(body.slice('{"resource"'.length)), 300);
    await stopped;
    const tookMs = Date.now() - started;

    expect(tookMs).toBeLessThan(10_000);
    expect(tookMs).toBeLessThan(requestGraceMs + 2_000);
    await Promise.all([idle.closed, headersHalfSent.closed, bodyNeverEnds.closed, inFlight.closed]);
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(inFlight.received()).toContain('application/pdf');
    expect(headersHalfSent.received()).toBe('');
    // nothing listens any more
    await expect(fetch(`${app.baseUrl}/api/health`)).rejects.toThrow();
  });

  it('marks a mail that was being sent as delivered, so a restart does not send it again', async () => {
    const siteverify = await startFakeSiteverify();
    const smtp = await startSmtpSink(0, { delayMs: 1_500 }); // still receiving when the stop comes
    const storage = newStorage();
    const env = {
      ...storage,
      RECAPTCHA_SECRET: 'secret-for-tests',
      RECAPTCHA_VERIFY_URL: siteverify.url,
      SMTP_URL: smtp.url,
      CONTACT_TO: 'owner@example.com',
      // short, so that a message left unmarked would go out again within this test
      OUTBOX_LEASE_MS: '1000',
      OUTBOX_RETRY_BASE_MS: '100',
    };
    try {
      const first = await startApp(env);
      const client = new SiteClient(first.baseUrl);
      expect(await (await client.post('/api/verify', { captchaToken: 'good' })).json()).toBe(true);
      const response = await client.post('/api/contact', {
        fName: 'Ada',
        lName: 'Lovelace',
        email: 'ada@example.com',
        org: '',
        subject: 'Sent during the stop',
        message: 'Hello',
      });
      const { contactID } = (await response.json()) as { contactID: number };
      await eventually(() => smtp.receiving > 0, 'the mail being sent');
      await first.close();
      expect(smtp.mails).toHaveLength(1);

      const database = await openStorage(storage);
      try {
        const rows = await database.query('select id, delivered_at is not null as delivered from contact_messages');
        expect(rows).toEqual([{ id: contactID, delivered: true }]);
      } finally {
        await database.close();
      }

      const second = await startApp(env);
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // longer than the lease
      await second.close();
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await smtp.close();
      await siteverify.close();
    }
  });
});
