import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';
import { newStorage } from './test-storage.js';

// The built server (npm run build -w api) as production runs it: its real stdout, read line by line.
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

describe('the production logs: one JSON line per request, with a request id, and no secret', () => {
  let server: ChildProcess;
  let baseUrl: string;
  let stdout = '';
  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH, ...newStorage(), NODE_ENV: 'production', PORT: String(port), SERVE_SITE: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    for (let tries = 0; ; tries += 1) {
      if (
        await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (tries > 120) throw new Error(`the server did not start:\n${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 90_000);
  afterAll(async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }, 60_000);

  const lines = () =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes only JSON, echoes a trusted proxy id and makes one otherwise, and logs no cookie, token or body', async () => {
    const secrets = ['SECRET-IN-QUERY', 'SECRET-COOKIE', 'SECRET-AUTHORIZATION', 'SECRET-PASSWORD'];
    const traced = await fetch(`${baseUrl}/api/health?token=${secrets[0]}`, {
      headers: {
        'X-Request-Id': 'proxy-id-42',
        Cookie: `owner_session=${secrets[1]}`,
        Authorization: secrets[2] ?? '',
      },
    });
    expect(traced.headers.get('x-request-id')).toBe('proxy-id-42');
    const login = await fetch(`${baseUrl}/api/owner/login`, {
      method: 'POST',
      headers: { Origin: baseUrl, 'Content-Type': 'application/json', 'X-Request-Id': 'bad id {"forged":"line"}' },
      body: JSON.stringify({ password: secrets[3] }),
    });
    const generated = login.headers.get('x-request-id') ?? '';
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    // pino writes each request's line once its answer has gone: wait for both, whole
    await eventually(
      () => stdout.endsWith('\n') && stdout.includes('"proxy-id-42"') && stdout.includes(`"${generated}"`),
      'both requests logged',
    );

    const logged = lines(); // throws on a line that is not JSON
    const requests = logged.filter((line) => line.req !== undefined);
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          req: { id: 'proxy-id-42', method: 'GET', path: '/api/health' },
          res: { statusCode: 200 },
          responseTime: expect.any(Number) as number,
        }),
        expect.objectContaining({
          req: { id: generated, method: 'POST', path: '/api/owner/login' },
          res: { statusCode: login.status },
        }),
      ]),
    );
    for (const secret of secrets) expect(stdout).not.toContain(secret);
    expect(stdout).not.toContain('forged');
  });
});
