import pg from 'pg';
import { DATABASE, type Database } from '../src/storage/database.js';
import { startApp, type RunningApp } from './start-app.js';
import { itOnOneStorage, newStorage, testStorage } from './test-storage.js';

const get = (app: RunningApp, path: string, init?: RequestInit) => fetch(`${app.baseUrl}${path}`, init);

/** Runs one statement in the cluster's maintenance database (PostgreSQL only). */
async function inCluster(databaseUrl: string, sql: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('GET /api/ready: the database answers (readiness), beside /api/health (liveness)', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('answers 200 {"status":"ready"}, never cached, with no session, whatever the origin or query', async () => {
    for (const init of [undefined, { headers: { Origin: 'https://evil.example', Cookie: 'owner_session=forged' } }]) {
      for (const path of ['/api/ready', '/api/ready?probe=%3Cscript%3E&x=%00']) {
        const response = await get(app, path, init);
        expect([path, response.status]).toEqual([path, 200]);
        expect(response.headers.get('cache-control')).toBe('no-store');
        // another origin may not read it from a browser
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(await response.json()).toEqual({ status: 'ready' });
      }
    }
  });

  itOnOneStorage('refuses every other method with a JSON 404, never a 5xx', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await get(app, '/api/ready', {
        method,
        headers: { 'Content-Type': 'application/json', Origin: app.baseUrl },
        body: '{"status":"ready"}',
      });
      expect([method, response.status]).toEqual([method, 404]);
      expect(await response.json()).toMatchObject({ statusCode: 404 });
    }
  });
});

describe('GET /api/ready when the database stops answering', () => {
  it('answers 503 with a JSON error while /api/health stays 200, and 200 again once the database is back', async () => {
    const storage = newStorage();
    const app = await startApp({ ...storage });
    try {
      expect((await get(app, '/api/ready')).status).toBe(200);
      if (testStorage === 'postgres' && storage.DATABASE_URL) {
        // the server's database goes away under it (its connections are ended too), then comes back empty
        const name = new URL(storage.DATABASE_URL).pathname.slice(1);
        await inCluster(storage.DATABASE_URL, `drop database ${name} with (force)`);
        await expectNotReady(app);
        await inCluster(storage.DATABASE_URL, `create database ${name}`);
        expect((await get(app, '/api/ready')).status).toBe(200);
      } else {
        // the embedded database, closed under the running server
        await app.nest.get<Database>(DATABASE).close();
        await expectNotReady(app);
      }
    } finally {
      await app.close().catch(() => undefined /* its database is already closed */);
    }
  }, 60_000);
});

async function expectNotReady(app: RunningApp): Promise<void> {
  const response = await get(app, '/api/ready');
  expect(response.status).toBe(503);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The database does not answer; try again shortly.',
  });
  // alive all the same: an orchestrator must not restart it for its database
  expect((await get(app, '/api/health')).status).toBe(200);
}
