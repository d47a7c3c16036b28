import { loadConfig } from '../src/config/app-config.js';
import { OwnerPassword } from '../src/owner/owner-password.js';
import { hashSessionId, OwnerSessions } from '../src/owner/owner-sessions.service.js';
import type { Database } from '../src/storage/database.js';
import { newDataDir, newStorage, openStorage } from './test-storage.js';

// The session store on its own, on the storage of this jest project, with short limits to watch them end.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OwnerSessions', () => {
  let database: Database;
  const sessionsWith = (idleMs: number, maxMs: number) => {
    const config = loadConfig({
      DATA_DIR: newDataDir(),
      OWNER_SESSION_IDLE_MS: String(idleMs),
      OWNER_SESSION_MAX_MS: String(maxMs),
    });
    // no password file in this folder and no DATABASE_URL: no password change ends these sessions
    return new OwnerSessions(config, database, new OwnerPassword({ ...config, databaseUrl: null }, null));
  };

  beforeAll(async () => {
    database = await openStorage(newStorage());
  });
  afterAll(() => database.close());

  it('creates a random 43-character id, stores only its sha256, and finds it again', async () => {
    const sessions = sessionsWith(60_000, 600_000);
    const a = await sessions.create();
    const b = await sessions.create();
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.idHash).toBe(hashSessionId(a.id));
    const stored = await database.query<{ id_hash: string }>('select id_hash from owner_sessions');
    expect(stored.map((row) => row.id_hash)).toEqual(expect.arrayContaining([a.idHash, b.idHash]));
    expect(stored.some((row) => row.id_hash === a.id)).toBe(false);

    const found = await sessions.find(a.id);
    expect(found?.idHash).toBe(a.idHash);
    // ends at the idle limit from now, well before the maximum
    const left = found!.expiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(61_000);
  });

  it('knows nothing of unknown, malformed or missing ids', async () => {
    const sessions = sessionsWith(60_000, 600_000);
    for (const id of [undefined, null, '', 'x', 'A'.repeat(43), 'A'.repeat(44), `${'A'.repeat(42)}=`, "' or 1=1 --"]) {
      expect(await sessions.find(id)).toBeNull();
    }
  });

  it('ends a session after the idle limit without a call, and a call restarts that clock', async () => {
    const sessions = sessionsWith(1_200, 600_000);
    const session = await sessions.create();
    await sleep(700);
    expect(await sessions.find(session.id)).not.toBeNull(); // touched: another 1.2 s from here
    await sleep(700);
    expect(await sessions.find(session.id)).not.toBeNull();
    await sleep(1_500);
    expect(await sessions.find(session.id)).toBeNull();
    expect(await database.query('select 1 from owner_sessions where id_hash = $1', [session.idHash])).toEqual([]);
  });

  it('ends a session at the maximum lifetime however busy it is, and says so in expiresAt', async () => {
    const sessions = sessionsWith(60_000, 2_000);
    const session = await sessions.create();
    expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2_100);
    const until = Date.now() + 1_500;
    while (Date.now() < until) {
      expect(await sessions.find(session.id)).not.toBeNull();
      await sleep(200);
    }
    await sleep(800);
    expect(await sessions.find(session.id)).toBeNull();
  });

  it('end() deletes the session for good', async () => {
    const sessions = sessionsWith(60_000, 600_000);
    const session = await sessions.create();
    await sessions.end(session.id);
    expect(await sessions.find(session.id)).toBeNull();
    await sessions.end('not-a-session'); // nothing to end: no error
  });
});
