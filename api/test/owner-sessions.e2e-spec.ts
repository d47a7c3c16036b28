import { loadConfig } from '../src/config/app-config.js';
import { OwnerPassword } from '../src/owner/owner-password.js';
import { hashSessionId, OwnerSessions } from '../src/owner/owner-sessions.service.js';
import type { Database } from '../src/storage/database.js';
import { passSessionTime } from './owner-client.js';
import { newDataDir, newStorage, openStorage } from './test-storage.js';

// The session store on its own, on the storage of this jest project. Time passes on the database's clock, which
// the sessions' rule reads: passSessionTime moves the sessions' ends back as that much quiet would, to the second.

const minute = 60_000;

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
    const sessions = sessionsWith(30 * minute, 12 * 60 * minute);
    const session = await sessions.create();
    await passSessionTime(database, 20 * minute);
    expect(await sessions.find(session.id)).not.toBeNull(); // a call: another 30 minutes from here
    await passSessionTime(database, 20 * minute); // 40 minutes after its start, 20 after its last call
    const touched = await sessions.find(session.id);
    expect(touched).not.toBeNull();
    // the idle end said is 30 minutes from this call (the database's clock and ours agree within seconds)
    expect(Math.abs(touched!.expiresAt.getTime() - (Date.now() + 30 * minute))).toBeLessThan(minute);
    await passSessionTime(database, 30 * minute + 1_000);
    expect(await sessions.find(session.id)).toBeNull();
    expect(await database.query('select 1 from owner_sessions where id_hash = $1', [session.idHash])).toEqual([]);
  });

  it('ends a session at the maximum lifetime however busy it is, and says so in expiresAt', async () => {
    const sessions = sessionsWith(30 * minute, 12 * 60 * minute);
    const session = await sessions.create();
    const hardEnd = session.expiresAt.getTime() + 12 * 60 * minute - 30 * minute; // login + maximum
    // a call every 20 minutes for 11 h 40 min: the idle limit never ends it
    for (let passed = 20 * minute; passed <= 11 * 60 * minute + 40 * minute; passed += 20 * minute) {
      await passSessionTime(database, 20 * minute);
      const found = await sessions.find(session.id);
      expect([passed, found !== null]).toEqual([passed, true]);
    }
    // 20 minutes before the hard end the idle end (30 minutes on) is capped by it, moved back with the time passed
    const last = await sessions.find(session.id);
    expect(Math.abs(last!.expiresAt.getTime() - (hardEnd - (11 * 60 + 40) * minute))).toBeLessThan(minute);
    await passSessionTime(database, 20 * minute + 1_000);
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
