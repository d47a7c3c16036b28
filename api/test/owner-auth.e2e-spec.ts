import { loginThrottle, ownerSessionLimits } from '@portfolio/contracts/owner';
import { loadConfig } from '../src/config/app-config.js';
import { DATABASE, type Database } from '../src/storage/database.js';
import { OwnerClient, ownerCalls, passSessionTime, setOwnerPassword } from './owner-client.js';
import { startApp, type RunningApp } from './start-app.js';
import { newStorage, type StorageEnv } from './test-storage.js';

const password = 'a long owner password';
/** Another client, as the trusted local proxy reports it. */
const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

describe('owner login, status and logout', () => {
  let storage: StorageEnv;
  let app: RunningApp;
  beforeAll(async () => {
    storage = newStorage();
    app = await startApp({ ...storage });
  });
  afterAll(() => app.close());

  it('says no password is set, and login answers 409 naming the command, until one is set', async () => {
    const client = new OwnerClient(app.baseUrl);
    const status = await client.get('/api/owner/status');
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ passwordSet: false, loggedIn: false, expiresAt: null });
    const login = await client.login('anything at all');
    expect(login.status).toBe(409);
    expect(await login.json()).toMatchObject({ statusCode: 409, error: 'Conflict', message: /npm run owner:password/ });
    expect(client.session).toBeUndefined();

    // set while the server runs: the next login reads it
    await setOwnerPassword(storage, password);
    expect(await (await client.get('/api/owner/status')).json()).toMatchObject({ passwordSet: true, loggedIn: false });
  });

  it('refuses a wrong password with 401 and no cookie', async () => {
    const client = new OwnerClient(app.baseUrl);
    const response = await client.login('not the password', from('198.51.100.1'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Wrong password.' });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('logs in with the password: an httpOnly, SameSite=Strict session cookie on Path=/ for the maximum lifetime', async () => {
    const client = new OwnerClient(app.baseUrl);
    const response = await client.login(password);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { expiresAt: string };
    expect(body).toMatchObject({ passwordSet: true, loggedIn: true });
    const left = Date.parse(body.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(ownerSessionLimits.idleMs - 60_000);
    expect(left).toBeLessThanOrEqual(ownerSessionLimits.idleMs);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(
      /^owner_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/,
    );
    expect(cookie).not.toMatch(/Secure/); // plain HTTP here

    const status = await client.get('/api/owner/status');
    expect(await status.json()).toMatchObject({ loggedIn: true });
    expect((await client.get('/api/owner/messages')).status).toBe(200);
    // no cache keeps the owner's answers
    expect([response.headers.get('cache-control'), status.headers.get('cache-control')]).toEqual([
      'no-store',
      'no-store',
    ]);
  });

  it('marks the cookie Secure when the request came over HTTPS (through the trusted proxy)', async () => {
    const response = await new OwnerClient(app.baseUrl).login(password, {
      headers: { 'X-Forwarded-Proto': 'https' },
      origin: app.baseUrl.replace(/^http:/, 'https:'),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()[0]).toMatch(/; Secure; SameSite=Strict$/);
  });

  it('refuses a login from another origin or without one (403), before looking at the password', async () => {
    for (const origin of ['https://evil.example', null, 'null', `${app.baseUrl}.evil.example`]) {
      const client = new OwnerClient(app.baseUrl);
      const response = await client.login(password, { origin });
      expect([origin, response.status]).toEqual([origin, 403]);
      expect(await response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(client.session).toBeUndefined();
    }
  });

  it('answers every hostile login body with a 4xx JSON error, never a 5xx, and none of them counts as a guess', async () => {
    const client = new OwnerClient(app.baseUrl);
    const hostile: Array<[string, Parameters<OwnerClient['post']>[2]]> = [
      ['not json', { rawBody: 'password=x', contentType: 'application/x-www-form-urlencoded' }],
      ['text', { rawBody: password, contentType: 'text/plain' }],
      ['malformed', { rawBody: '{"password": ' }],
      ['array', { rawBody: JSON.stringify([password]) }],
      ['string', { rawBody: JSON.stringify(password) }],
      ['null', { rawBody: 'null' }],
      ['empty object', { rawBody: '{}' }],
      ['empty password', { rawBody: '{"password":""}' }],
      ['number', { rawBody: '{"password":123456789012}' }],
      ['object', { rawBody: JSON.stringify({ password: { $ne: '' } }) }],
      ['array password', { rawBody: JSON.stringify({ password: [password] }) }],
      ['unknown field', { rawBody: JSON.stringify({ password, admin: true }) }],
      ['proto', { rawBody: `{"password":"${password}","__proto__":{"admin":true}}` }],
      ['too long', { rawBody: JSON.stringify({ password: 'x'.repeat(1025) }) }],
      ['huge', { rawBody: JSON.stringify({ password: 'x'.repeat(100_000) }) }],
      ['no body', { rawBody: '', contentType: 'application/json' }],
    ];
    for (const [what, init] of hostile) {
      const response = await client.post('/api/owner/login', undefined, { ...init, ...from('198.51.100.2') });
      const body = (await response.json()) as { statusCode: number; error: string; message: string };
      expect([what, response.status >= 400 && response.status < 500]).toEqual([what, true]);
      expect([what, response.status]).not.toEqual([what, 401]);
      expect(body.statusCode).toBe(response.status);
      expect(typeof body.message).toBe('string');
    }
    // sixteen refusals, and this client may still log in
    expect((await client.login(password, from('198.51.100.2'))).status).toBe(200);
  });

  it('throttles wrong passwords per client: 429 with Retry-After after 5, while a correct one still works below that', async () => {
    // browsers without a device cookie (a login that works gives one: owner-devices.e2e-spec.ts)
    const client = new OwnerClient(app.baseUrl);
    const guesser = from('203.0.113.10');
    for (let i = 0; i < loginThrottle.perClient - 1; i += 1) {
      expect((await client.login(`guess ${i}`, guesser)).status).toBe(401);
    }
    // 4 wrong ones so far: the right one works, and does not count
    expect((await new OwnerClient(app.baseUrl).login(password, guesser)).status).toBe(200);
    expect((await client.login('guess 5', guesser)).status).toBe(401);
    const limited = await client.login('guess 6', guesser);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(loginThrottle.windowMs / 1000);
    expect(await limited.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: /Too many wrong passwords/,
    });
    // now even the right password waits: guessing on is pointless
    expect((await new OwnerClient(app.baseUrl).login(password, guesser)).status).toBe(429);
    // another client is not held up by this one
    expect((await new OwnerClient(app.baseUrl).login(password, from('203.0.113.11'))).status).toBe(200);
  }, 120_000);

  it('answers 401 to a forged, garbage or ended session cookie on every owner call', async () => {
    const forged = ['A'.repeat(43), 'garbage', '', '%00%ff', 'x'.repeat(4000), "'; drop table owner_sessions; --"];
    for (const value of forged) {
      const client = new OwnerClient(app.baseUrl);
      client.setCookie('owner_session', encodeURIComponent(value));
      for (const call of ownerCalls(1)) {
        const response = await client.request(call.method, call.path, { body: call.body });
        expect([value.slice(0, 10), call.method, call.path, response.status]).toEqual([
          value.slice(0, 10),
          call.method,
          call.path,
          401,
        ]);
        expect(await response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
      expect(await (await client.get('/api/owner/status')).json()).toMatchObject({ loggedIn: false });
    }
  });

  it('answers 401 without a session and 403 to changes from another origin, on every owner call', async () => {
    const anonymous = new OwnerClient(app.baseUrl);
    for (const call of ownerCalls(1)) {
      const response = await anonymous.request(call.method, call.path, { body: call.body });
      expect([call.method, call.path, response.status]).toEqual([call.method, call.path, 401]);
    }
    const owner = new OwnerClient(app.baseUrl);
    expect((await owner.login(password)).status).toBe(200);
    for (const call of ownerCalls(1).filter((call) => call.method !== 'GET')) {
      for (const origin of ['https://evil.example', null]) {
        const response = await owner.request(call.method, call.path, { body: call.body, origin });
        expect([call.method, call.path, origin, response.status]).toEqual([call.method, call.path, origin, 403]);
        expect(await response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      }
    }
    // none of that logged the owner out
    expect(await (await owner.get('/api/owner/status')).json()).toMatchObject({ loggedIn: true });
  });

  it('logs out: the session ends on the server, its cookie is cleared, the old cookie then gets 401', async () => {
    const client = new OwnerClient(app.baseUrl);
    expect((await client.login(password)).status).toBe(200);
    const stolen = client.session!;
    const response = await client.post('/api/owner/logout');
    expect(response.status).toBe(204);
    const cleared = response.headers.getSetCookie();
    expect(cleared).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^owner_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/,
        ),
      ]),
    );
    const replay = new OwnerClient(app.baseUrl);
    replay.setCookie('owner_session', stolen);
    expect((await replay.get('/api/owner/messages')).status).toBe(401);
    expect((await replay.post('/api/owner/logout')).status).toBe(401);
    expect(await (await replay.get('/api/owner/status')).json()).toMatchObject({ loggedIn: false });
  });

  it('gives a new session id at each login and ends the one the browser had', async () => {
    const client = new OwnerClient(app.baseUrl);
    expect((await client.login(password)).status).toBe(200);
    const first = client.session!;
    expect((await client.login(password)).status).toBe(200);
    expect(client.session).not.toBe(first);
    const old = new OwnerClient(app.baseUrl);
    old.setCookie('owner_session', first);
    expect((await old.get('/api/owner/messages')).status).toBe(401);
    expect((await client.get('/api/owner/messages')).status).toBe(200);
  });
  // the limits of the contract, time passed on the database's clock, which the sessions' rule reads (the
  // session store's own test, owner-sessions.e2e-spec.ts, has the rule to the second)
  const { idleMs, maxMs } = ownerSessionLimits;
  const passTime = (ms: number) => passSessionTime(app.nest.get<Database>(DATABASE), ms);

  it('ends a session left idle longer than the idle limit, each call restarting that clock', async () => {
    const client = new OwnerClient(app.baseUrl);
    expect((await client.login(password)).status).toBe(200);
    await passTime(idleMs - 60_000);
    expect((await client.get('/api/owner/messages')).status).toBe(200); // a call restarts the idle clock
    await passTime(idleMs - 60_000);
    expect((await client.get('/api/owner/messages')).status).toBe(200); // nearly twice the limit since login: on
    await passTime(idleMs + 1_000);
    const ended = await client.get('/api/owner/messages');
    expect(ended.status).toBe(401);
    expect(await (await client.get('/api/owner/status')).json()).toMatchObject({ loggedIn: false, expiresAt: null });
  });

  it('ends a busy session at the maximum lifetime, which its expiresAt says once it is nearer than the idle end', async () => {
    const client = new OwnerClient(app.baseUrl);
    const login = (await (await client.login(password)).json()) as { expiresAt: string };
    const step = idleMs / 2;
    let passed = 0;
    while (passed + step < maxMs - 60_000) {
      await passTime(step);
      passed += step;
      expect([passed, (await client.get('/api/owner/messages')).status]).toEqual([passed, 200]);
    }
    const status = (await (await client.get('/api/owner/status')).json()) as { expiresAt: string };
    // the idle end is capped by the maximum: login + maximum, moved back by the time passed
    expect(Date.parse(status.expiresAt)).toBe(Date.parse(login.expiresAt) + maxMs - idleMs - passed);
    await passTime(maxMs - passed + 1_000);
    expect((await client.get('/api/owner/messages')).status).toBe(401);
  });
});

describe('the overall throttle of wrong passwords', () => {
  // the contract's 50 with OWNER_LOGIN_LIMIT_OVERALL=8: each guess costs a scrypt, and the mechanism is the same
  const overall = 8;
  it('refuses further guesses from every client once the overall budget of wrong ones is spent', async () => {
    const storage = newStorage();
    await setOwnerPassword(storage, password);
    const app = await startApp({ ...storage, OWNER_LOGIN_LIMIT_OVERALL: String(overall) });
    try {
      const statuses: number[] = [];
      // each address stays below its own limit of 5
      for (let i = 0; i < overall; i += 1) {
        const response = await new OwnerClient(app.baseUrl).login(`guess ${i}`, from(`10.1.0.${i}`));
        statuses.push(response.status);
      }
      expect(statuses).toEqual(Array.from({ length: overall }, () => 401));
      const fresh = await new OwnerClient(app.baseUrl).login(password, from('10.2.0.1'));
      expect(fresh.status).toBe(429);
      expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await fresh.json()).toMatchObject({ statusCode: 429, message: /Too many wrong passwords/ });
    } finally {
      await app.close();
    }
  }, 120_000);

  it('uses the limits of the contract unless told otherwise', () => {
    expect(loadConfig({}).ownerLogin).toEqual({
      perClient: loginThrottle.perClient,
      overall: loginThrottle.overall,
      perDevice: loginThrottle.perDevice,
    });
    expect(loginThrottle).toEqual({ windowMs: 15 * 60_000, perClient: 5, overall: 50, perDevice: 10 });
  });
});
