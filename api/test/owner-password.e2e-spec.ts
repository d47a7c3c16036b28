import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { oneBuildingCommandAtATime } from './build-lock.js';
import { OwnerClient } from './owner-client.js';
import { startApp, type RunningApp } from './start-app.js';
import { itOnOneStorage, newStorage, openStorage, testStorage, type StorageEnv } from './test-storage.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** `npm run owner:password` as the owner runs it, with this text on standard input (not a terminal). */
function setPasswordCommand(storage: StorageEnv, stdin: string): Promise<{ code: number | null; out: string }> {
  return oneBuildingCommandAtATime(() => runCommand(storage, stdin));
}

function runCommand(storage: StorageEnv, stdin: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'owner:password'], {
      cwd: repoRoot,
      env: { ...process.env, ...storage },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

describe('npm run owner:password', () => {
  let storage: StorageEnv;
  let app: RunningApp;
  beforeAll(async () => {
    storage = newStorage();
    app = await startApp({ ...storage });
  });
  afterAll(() => app.close());

  // refused before storage is opened: on PGlite alone
  itOnOneStorage(
    'refuses an empty or too short password with a clear message and a non-zero exit, changing nothing',
    async () => {
      for (const [stdin, message] of [
        ['', /No password given/],
        ['\n', /No password given/],
        ['eleven char\n', /at least 12 characters long \(it has 11\)/],
      ] as const) {
        const { code, out } = await setPasswordCommand(storage, stdin);
        expect([JSON.stringify(stdin), code]).toEqual([JSON.stringify(stdin), 1]);
        expect(out).toMatch(message);
      }
      expect(await (await new OwnerClient(app.baseUrl).get('/api/owner/status')).json()).toMatchObject({
        passwordSet: false,
      });
    },
    180_000,
  );

  it('sets the password from the first line of standard input while the server runs; login works at once', async () => {
    const first = await setPasswordCommand(storage, 'first password, long enough\nignored second line\n');
    expect([first.code, first.out]).toEqual([0, expect.stringMatching(/Owner password set/)]);
    const client = new OwnerClient(app.baseUrl);
    expect((await client.login('first password, long enough')).status).toBe(200);
    expect((await client.login('ignored second line')).status).toBe(401);

    // the hash, salted and with its cost, where the server keeps its data
    const stored =
      testStorage === 'postgres'
        ? await (async () => {
            const database = await openStorage(storage);
            try {
              const rows = await database.query<{ value: string }>(
                "select value from settings where name = 'owner_password'",
              );
              return rows[0]?.value ?? '';
            } finally {
              await database.close();
            }
          })()
        : readFileSync(path.join(storage.DATA_DIR!, 'owner-password'), 'utf8');
    expect(stored).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}\n?$/);
    expect(stored).not.toContain('first password');
    if (testStorage === 'pglite')
      expect(statSync(path.join(storage.DATA_DIR ?? '', 'owner-password')).mode & 0o777).toBe(0o600);

    // set again (Windows line ending): the old one stops working, and so does every session it opened
    expect((await client.get('/api/owner/messages')).status).toBe(200);
    const second = await setPasswordCommand(storage, 'second password, also long\r\n');
    expect(second.code).toBe(0);
    expect((await client.get('/api/owner/messages')).status).toBe(401);
    expect((await new OwnerClient(app.baseUrl).login('first password, long enough')).status).toBe(401);
    const again = new OwnerClient(app.baseUrl);
    expect((await again.login('second password, also long')).status).toBe(200);
    expect((await again.get('/api/owner/messages')).status).toBe(200);
  }, 180_000);
});
