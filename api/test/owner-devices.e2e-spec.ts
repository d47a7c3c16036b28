import { createHmac } from 'node:crypto';
import { loginThrottle } from '@portfolio/contracts/owner';
import { deviceCookieValue, ownerDeviceCookie, ownerDeviceLifetimeMs } from '../src/owner/owner-devices.js';
import { OwnerPassword } from '../src/owner/owner-password.js';
import { loadConfig } from '../src/config/app-config.js';
import { OwnerClient, setOwnerPassword } from './owner-client.js';
import { startApp, type RunningApp } from './start-app.js';
import { newStorage, openStorage, type StorageEnv } from './test-storage.js';

const password = 'the owner password of this test';
/** Known here, so that the test can sign cookies as well-formed as the server's (for the lifetime check). */
const cookieSecret = 'a cookie secret for the device test';
/** Another client, as the trusted local proxy reports it. */
const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

/** A cookie value signed as cookie-parser signs (`s:` + value + `.` + HMAC-SHA256 in base64 without padding). */
const signed = (value: string, secret = cookieSecret) =>
  encodeURIComponent(`s:${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`);

/** A browser that carries this device cookie value (and nothing else). */
function browserWith(app: RunningApp, deviceCookie: string): OwnerClient {
  const client = new OwnerClient(app.baseUrl);
  client.setCookie(ownerDeviceCookie, deviceCookie);
  return client;
}

async function storedHash(storage: StorageEnv): Promise<string> {
  const config = loadConfig({ ...storage });
  const database = config.databaseUrl ? await openStorage(storage) : null;
  try {
    return (await new OwnerPassword(config, database).read()) ?? '';
  } finally {
    await database?.close();
  }
}

describe("the owner's device cookies (OWASP): strangers cannot lock the owner's browser out", () => {
  let storage: StorageEnv;
  let app: RunningApp;
  beforeAll(async () => {
    storage = newStorage();
    await setOwnerPassword(storage, password);
    app = await startApp({ ...storage, COOKIE_SECRET: cookieSecret });
  });
  afterAll(() => app.close());

  it('gives a browser whose login works a signed, httpOnly, SameSite=Strict cookie for the login call, for a year', async () => {
    const client = new OwnerClient(app.baseUrl);
    const wrong = await client.login('not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${ownerDeviceCookie}=`))).toEqual([]);
    const response = await client.login(password);
    expect(response.status).toBe(200);
    const device = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${ownerDeviceCookie}=`));
    expect(device).toMatch(
      new RegExp(
        `^${ownerDeviceCookie}=s%3A[^;]+; Max-Age=${ownerDeviceLifetimeMs / 1000}; Path=/api/owner/login; Expires=[^;]+; HttpOnly; SameSite=Strict$`,
      ),
    );
    const overHttps = await new OwnerClient(app.baseUrl).login(password, {
      headers: { 'X-Forwarded-Proto': 'https' },
      origin: app.baseUrl.replace(/^http:/, 'https:'),
    });
    expect(overHttps.headers.getSetCookie().find((cookie) => cookie.startsWith(`${ownerDeviceCookie}=`))).toMatch(
      /; Secure; SameSite=Strict$/,
    );
    // each login that works gives a new one
    expect((await client.login(password)).status).toBe(200);
    expect(client.cookie(ownerDeviceCookie)).not.toBe(device?.split(';')[0]?.split('=')[1]);
  });

  it('answers a login with any hostile device cookie as a stranger: never a 5xx', async () => {
    const hostile = [
      '',
      'garbage',
      's%3Agarbage',
      's%3A',
      '%00%ff',
      'x'.repeat(4000),
      signed('a.b.c.d'),
      signed(`${'A'.repeat(24)}.99999999999999999999.tag`),
      signed(`${'A'.repeat(24)}.-5.tag`),
      "'; drop table rate_limit_hits; --",
    ];
    for (const [index, value] of hostile.entries()) {
      const response = await browserWith(app, value).login(password, from(`192.0.2.${index + 1}`));
      expect([value, response.status]).toEqual([value, 200]);
    }
  }, 120_000);
});

describe('10 addresses guessing, on storage of their own (the budgets are counted exactly)', () => {
  let storage: StorageEnv;
  let app: RunningApp;
  beforeAll(async () => {
    storage = newStorage();
    await setOwnerPassword(storage, password);
    app = await startApp({ ...storage, COOKIE_SECRET: cookieSecret });
  });
  afterAll(() => app.close());

  it(
    `lets the owner's browser in after 10 addresses spent the strangers' budget (${loginThrottle.overall}), ` +
      'while strangers and forged, tampered, outdated or pre-password-change cookies wait',
    async () => {
      // a browser that logged in before the password was set again (to the same words: a new hash)
      const before = new OwnerClient(app.baseUrl);
      expect((await before.login(password)).status).toBe(200);
      await setOwnerPassword(storage, password);
      const owner = new OwnerClient(app.baseUrl);
      const otherDevice = new OwnerClient(app.baseUrl);
      for (const browser of [owner, otherDevice]) expect((await browser.login(password)).status).toBe(200);
      const ownerCookie = owner.cookie(ownerDeviceCookie) ?? '';
      expect(ownerCookie).toMatch(/^s%3A/);

      // 10 addresses, 5 wrong passwords each: the overall budget of strangers is spent
      const addresses = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 10}`);
      const perAddress = loginThrottle.overall / addresses.length;
      const statuses = await Promise.all(
        addresses.map(async (address) => {
          const guesser = new OwnerClient(app.baseUrl);
          const answers: number[] = [];
          for (let i = 0; i < perAddress; i += 1)
            answers.push((await guesser.login(`guess ${i}`, from(address))).status);
          return answers;
        }),
      );
      expect(statuses.flat()).toEqual(Array.from({ length: loginThrottle.overall }, () => 401));

      // a stranger, even with the right password, waits
      const stranger = await new OwnerClient(app.baseUrl).login(password, from('203.0.113.99'));
      expect(stranger.status).toBe(429);
      expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);

      // so does every device cookie that is not a valid one of this password
      const [deviceId = '', issuedAt = '', tag = ''] = decodeURIComponent(ownerCookie).slice(2).split('.');
      const hash = await storedHash(storage);
      const notValid = {
        'from before the password was set again': before.cookie(ownerDeviceCookie) ?? '',
        tampered: ownerCookie.replace(deviceId, `${deviceId.slice(1)}A`),
        unsigned: encodeURIComponent(`${deviceId}.${issuedAt}.${tag}`),
        'signed with another secret': signed(`${deviceId}.${issuedAt}.${tag}`, 'another secret'),
        'older than its lifetime': signed(
          deviceCookieValue(deviceId, Date.now() - ownerDeviceLifetimeMs - 60_000, hash),
        ),
        'issued in the future': signed(deviceCookieValue(deviceId, Date.now() + 3_600_000, hash)),
        'of another password': signed(deviceCookieValue(deviceId, Date.now(), `${hash}x`)),
      };
      for (const [what, value] of Object.entries(notValid)) {
        const response = await browserWith(app, value).login(password, from('203.0.113.100'));
        expect([what, response.status]).toEqual([what, 429]);
      }
      // the same cookie, well signed and current, is the owner's: the test signs as the server does
      expect(
        (await browserWith(app, signed(deviceCookieValue(deviceId, Date.now(), hash))).login(password)).status,
      ).toBe(200);

      // the owner's browser, from an address never seen: its own allowance, a typo costs a 401, not a lock-out
      const newAddress = from('203.0.113.200');
      expect((await owner.login('a typo in the password', newAddress)).status).toBe(401);
      expect((await owner.login(password, newAddress)).status).toBe(200);
      expect(owner.session).toBeDefined();
      expect((await owner.get('/api/owner/messages')).status).toBe(200);

      // a known device that guesses on is locked out alone
      const answers: number[] = [];
      for (let i = 0; i < loginThrottle.perDevice; i += 1) {
        answers.push((await otherDevice.login(`device guess ${i}`)).status);
      }
      expect(answers).toEqual(Array.from({ length: loginThrottle.perDevice }, () => 401));
      const locked = await otherDevice.login(password);
      expect(locked.status).toBe(429);
      expect(await locked.json()).toMatchObject({ statusCode: 429, message: /Too many wrong passwords/ });
      expect((await owner.login(password, newAddress)).status).toBe(200);
    },
    240_000,
  );
});
