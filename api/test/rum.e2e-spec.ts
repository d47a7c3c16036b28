import type { FieldHealth, RumBatch } from '@portfolio/contracts/field-events';
import { hostileRumBodies, validBatch } from './hostile-rum-bodies.js';
import { OwnerClient, setOwnerPassword } from './owner-client.js';
import { startApp, type RunningApp } from './start-app.js';
import { newStorage, openStorage, testStorage, type StorageEnv } from './test-storage.js';

const password = 'rum tests owner password';

/** A beacon as navigator.sendBeacon sends a string: text/plain, the page's Origin. */
function beacon(app: RunningApp, body: unknown, init: { headers?: Record<string, string>; raw?: string } = {}) {
  return fetch(`${app.baseUrl}/api/rum`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: app.baseUrl, ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}

async function fieldHealth(owner: OwnerClient): Promise<FieldHealth> {
  const response = await owner.get('/api/owner/field-health');
  expect(response.status).toBe(200);
  return (await response.json()) as FieldHealth;
}

const rowOf = (health: FieldHealth, section: string, build: string) =>
  health.rows.find((row) => row.section === section && row.build === build);

/** Rows of a table, read straight from the storage (PGlite: after the app has stopped; it owns the folder). */
async function readTable<Row>(storage: StorageEnv, sql: string): Promise<Row[]> {
  const database = await openStorage(storage);
  try {
    return await database.query<Row>(sql);
  } finally {
    await database.close();
  }
}

describe(`POST /api/rum (${testStorage})`, () => {
  describe('hostile bodies', () => {
    let app: RunningApp;
    let owner: OwnerClient;
    beforeAll(async () => {
      const storage = newStorage();
      await setOwnerPassword(storage, password);
      app = await startApp({ ...storage, RATE_LIMIT_RUM: '10000' });
      owner = new OwnerClient(app.baseUrl);
      expect((await owner.login(password)).status).toBe(200);
    });
    afterAll(() => app.close());

    it('answers ~200 hostile bodies with a JSON 4xx, never a 5xx, and stores none of them', async () => {
      const bodies = hostileRumBodies();
      expect(bodies.length).toBeGreaterThanOrEqual(200);
      const wrong: string[] = [];
      const statuses = new Set<number>();
      for (const { raw, contentType } of bodies) {
        const response = await beacon(app, undefined, {
          raw,
          headers: contentType ? { 'Content-Type': contentType } : {},
        });
        statuses.add(response.status);
        const type = response.headers.get('content-type') ?? '';
        if (response.status < 400 || response.status >= 500 || !type.includes('application/json')) {
          wrong.push(`${response.status} ${JSON.stringify(raw.slice(0, 100))} (${contentType ?? 'text/plain'})`);
        }
        await response.arrayBuffer();
      }
      expect(wrong).toEqual([]);
      expect([...statuses].sort()).toEqual([400, 413, 415]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((await fieldHealth(owner)).rows).toEqual([]);
    });

    it('takes the beacon as text/plain or as application/json, from the site itself only', async () => {
      expect((await beacon(app, validBatch)).status).toBe(204);
      const json = await beacon(app, validBatch, { headers: { 'Content-Type': 'application/json' } });
      expect(json.status).toBe(204);
      for (const origin of ['https://elsewhere.example', 'null']) {
        const foreign = await beacon(app, validBatch, { headers: { Origin: origin } });
        expect(foreign.status).toBe(403);
      }
      const withoutOrigin = await fetch(`${app.baseUrl}/api/rum`, { method: 'POST', body: JSON.stringify(validBatch) });
      expect(withoutOrigin.status).toBe(403);
      expect(rowOf(await fieldHealth(owner), 'home', 'aaaaaaaaaaaa')?.views).toBe(2);
    });

    it('stores nothing for a visitor sending Global Privacy Control or Do Not Track, whatever the body', async () => {
      const before = await fieldHealth(owner);
      for (const headers of [{ 'Sec-GPC': '1' }, { DNT: '1' }] as Array<Record<string, string>>) {
        expect((await beacon(app, validBatch, { headers })).status).toBe(204);
        expect((await beacon(app, { not: 'a batch' }, { headers })).status).toBe(204);
      }
      expect(await fieldHealth(owner)).toEqual(before);
    });

    it('shows the health view only to the owner', async () => {
      for (const cookie of [undefined, 'owner_session=forged']) {
        const response = await fetch(`${app.baseUrl}/api/owner/field-health`, {
          headers: cookie ? { Cookie: cookie } : {},
        });
        expect(response.status).toBe(401);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    });
  });

  it('stays within its rate limit per client, whatever it is sent', async () => {
    const app = await startApp({ RATE_LIMIT_RUM: '3' });
    try {
      const statuses: number[] = [];
      for (const body of [validBatch, { bad: 1 }, validBatch, validBatch, { bad: 1 }]) {
        const response = await beacon(app, body);
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses).toEqual([204, 400, 204, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('adds batches to daily aggregates per route, section build and metric, with a p75 within 5 %', async () => {
    const storage = newStorage();
    await setOwnerPassword(storage, password);
    const app = await startApp({ ...storage, RATE_LIMIT_RUM: '10000' });
    const owner = new OwnerClient(app.baseUrl);
    expect((await owner.login(password)).status).toBe(200);
    const builds = { home: 'h0me0build01', about: 'ab0utbuild02', resume: 'resumebuild3' };
    // 40 LCP values 100, 200, ... 4000 ms on home: the exact p75 (nearest rank, 30th) is 3000 ms
    const lcps = Array.from({ length: 40 }, (_, index) => (index + 1) * 100);
    const batches: RumBatch[] = lcps.map((value, index) => ({
      builds,
      events: [
        { kind: 'view', route: 'home' },
        { kind: 'vital', route: 'home', name: 'LCP', value },
        { kind: 'vital', route: 'home', name: 'CLS', value: index < 30 ? 0.05 : 0.3, target: 'main > img' },
        ...(index % 10 === 0
          ? [{ kind: 'error' as const, route: 'home' as const, message: 'TypeError: x is undefined' }]
          : []),
        ...(index % 8 === 0
          ? [{ kind: 'conversion' as const, route: 'home' as const, name: 'door-followed' as const }]
          : []),
      ],
    }));
    batches.push({ builds, events: [{ kind: 'section-failed', route: 'home', section: 'about' }] });
    batches.push({
      builds,
      events: [
        { kind: 'view', route: 'resume' },
        { kind: 'vital', route: 'resume', name: 'TTFB', value: 250 },
      ],
    });
    try {
      // several at once, as many visitors' beacons arrive
      const answers = await Promise.all(batches.map((batch) => beacon(app, batch)));
      expect(answers.map((response) => response.status)).toEqual(batches.map(() => 204));

      const health = await fieldHealth(owner);
      expect(health.days).toBe(7);
      const home = rowOf(health, 'home', builds.home)!;
      expect(home.views).toBe(40);
      expect(home.errors).toBe(4);
      expect(home.errorRate).toBeCloseTo(0.1);
      expect(home.samples).toEqual({ LCP: 40, INP: 0, CLS: 40, TTFB: 0 });
      expect(Math.abs(home.p75.LCP! - 3000) / 3000).toBeLessThan(0.05);
      expect(Math.abs(home.p75.CLS! - 0.05) / 0.05).toBeLessThan(0.05);
      expect(home.p75.INP).toBeNull();
      expect(home.conversions['door-followed']).toBe(5);
      // a failed load counts against the section that failed, with its build on that page
      const about = rowOf(health, 'about', builds.about)!;
      expect(about.errors).toBe(1);
      expect(about.errorRate).toBeNull();
      const resume = rowOf(health, 'resume', builds.resume)!;
      expect(Math.abs(resume.p75.TTFB! - 250) / 250).toBeLessThan(0.05);
    } finally {
      await app.close();
    }
    const daily = await readTable<{ metric: string; count: number; sum: number }>(
      storage,
      `select metric, count, sum from rum_daily where route = 'home' and section = 'home' order by metric`,
    );
    expect(daily).toEqual([
      { metric: 'CLS', count: 40, sum: expect.closeTo(30 * 0.05 + 10 * 0.3, 6) as number },
      { metric: 'LCP', count: 40, sum: lcps.reduce((sum, value) => sum + value, 0) },
      { metric: 'conversion:door-followed', count: 5, sum: 0 },
      { metric: 'error', count: 4, sum: 0 },
      { metric: 'view', count: 40, sum: 0 },
    ]);
    // what a raw event holds: no column for an address, a user agent or a cookie, and only the hour it came
    const columns = await readTable<{ column_name: string }>(
      storage,
      `select column_name from information_schema.columns where table_name = 'rum_events' order by column_name`,
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'build',
      'builds',
      'detail',
      'id',
      'metric',
      'received_at',
      'route',
      'section',
      'value',
    ]);
    const [raw] = await readTable<{ events: number; seconds: number }>(
      storage,
      `select count(*)::integer as events, max(extract(second from received_at) + extract(minute from received_at))::integer as seconds from rum_events`,
    );
    expect(raw).toEqual({ events: 40 * 3 + 4 + 5 + 1 + 2, seconds: 0 });
  }, 90_000);

  it('deletes raw events older than 30 days and keeps the rest', async () => {
    const storage = newStorage();
    const database = await openStorage(storage);
    const insert = (daysAgo: number, detail: string) =>
      database.query(
        `insert into rum_events (received_at, route, section, build, metric, value, detail, builds)
         values (now() - make_interval(days => $1::integer), 'home', 'home', 'b', 'error', null, $2, '{}')`,
        [daysAgo, detail],
      );
    try {
      await insert(45, 'old');
      await insert(31, 'just too old');
      await insert(29, 'recent');
      await insert(0, 'today');
    } finally {
      await database.close();
    }
    // deleted at start (before the server answers), then every few hours
    const app = await startApp({ ...storage });
    await app.close();
    const left = await readTable<{ detail: string }>(storage, 'select detail from rum_events order by detail');
    expect(left.map((row) => row.detail)).toEqual(['recent', 'today']);
  }, 90_000);
});
