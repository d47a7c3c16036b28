import { OwnerClient, setOwnerPassword } from './owner-client.js';
import { startApp, type RunningApp } from './start-app.js';
import { newStorage } from './test-storage.js';

// Two API replicas on one PostgreSQL database (run by the postgres jest project only).

const password = 'replicated owner password';

/** The same browser (its cookies) speaking to another replica, as a proxy in front would send it there. */
function sameBrowserOn(replica: RunningApp, from: OwnerClient): OwnerClient {
  const client = new OwnerClient(replica.baseUrl);
  if (from.session) client.setCookie('owner_session', from.session);
  return client;
}

describe('the owner session across replicas', () => {
  let a: RunningApp;
  let b: RunningApp;
  beforeAll(async () => {
    const storage = newStorage();
    [a, b] = await Promise.all([startApp({ ...storage }), startApp({ ...storage })]);
    await setOwnerPassword(storage, password); // in table settings, while both run
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('is known by every replica, and logging out on one ends it on all', async () => {
    const onA = new OwnerClient(a.baseUrl);
    expect(await (await onA.get('/api/owner/status')).json()).toMatchObject({ passwordSet: true, loggedIn: false });
    expect((await onA.login(password)).status).toBe(200);
    const onB = sameBrowserOn(b, onA);
    expect(await (await onB.get('/api/owner/status')).json()).toMatchObject({ loggedIn: true });
    expect((await onB.get('/api/owner/messages')).status).toBe(200);

    expect((await onB.post('/api/owner/logout')).status).toBe(204);
    expect((await onA.get('/api/owner/messages')).status).toBe(401);
    expect((await onB.get('/api/owner/messages')).status).toBe(401);
  });

  it("counts one client's wrong passwords together on every replica", async () => {
    const guesser = { headers: { 'X-Forwarded-For': '203.0.113.50' } };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const replica = i % 2 === 0 ? a : b;
      statuses.push((await new OwnerClient(replica.baseUrl).login(`guess ${i}`, guesser)).status);
    }
    // each replica alone would have let all of its three through
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe("the owner's device cookies across replicas", () => {
  let a: RunningApp;
  let b: RunningApp;
  // a small overall budget of strangers' wrong passwords: the mechanism is the same as the contract's 50
  const overall = 3;
  beforeAll(async () => {
    const storage = newStorage();
    const env = { ...storage, OWNER_LOGIN_LIMIT_OVERALL: String(overall) };
    [a, b] = await Promise.all([startApp(env), startApp(env)]);
    await setOwnerPassword(storage, password);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it("keeps strangers' budget in common, and knows a browser that logged in on another replica", async () => {
    const owner = new OwnerClient(a.baseUrl);
    expect((await owner.login(password)).status).toBe(200);
    const device = owner.cookie('owner_device') ?? '';
    for (let i = 0; i < overall; i += 1) {
      const replica = i % 2 === 0 ? a : b;
      const guess = { headers: { 'X-Forwarded-For': `203.0.113.${60 + i}` } };
      expect((await new OwnerClient(replica.baseUrl).login(`guess ${i}`, guess)).status).toBe(401);
    }
    const stranger = { headers: { 'X-Forwarded-For': '203.0.113.70' } };
    expect((await new OwnerClient(b.baseUrl).login(password, stranger)).status).toBe(429);
    const ownerOnB = new OwnerClient(b.baseUrl);
    ownerOnB.setCookie('owner_device', device);
    expect((await ownerOnB.login(password, stranger)).status).toBe(200);
  });
});
