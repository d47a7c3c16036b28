import { spawn } from 'node:child_process';
import path from 'node:path';
import { defaultRemotesConfig } from '@portfolio/parts';
import type { DeployToken } from '@portfolio/contracts/section-releases';
import { oneBuildingCommandAtATime } from './build-lock.js';
import { fakeSite } from './fake-site.js';
import { call, candidateBuild, json, startOwnerSite, type OwnerSite } from './owner-site.js';
import { newToken, upload, withToken } from './release-client.js';
import { folderEntries, tarGz } from './tar-archive.js';
import { itOnOneStorage } from './test-storage.js';

// Deploy tokens: who may upload and promote a section's releases, the owner's endpoints that make and revoke
// them, and `npm run section:token`.

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** `npm run section:token`, one building command at a time with owner-password's test. */
function sectionTokenCommand(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number | null; out: string }> {
  return oneBuildingCommandAtATime(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn('npm', ['run', '--silent', 'section:token', '--', ...args], {
          cwd: repoRoot,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out }));
      }),
  );
}

describe('deploy tokens', () => {
  const siteDir = fakeSite(defaultRemotesConfig(), true);
  const archive = tarGz(folderEntries(candidateBuild(siteDir, 'about', '2')));
  let site: OwnerSite;
  let session: string;
  beforeAll(async () => {
    site = await startOwnerSite(siteDir);
    session = await site.logIn();
  });
  afterAll(() => site.close());

  it('refuses an upload without a token (401), with a malformed or unknown one (401), of another section (403)', async () => {
    const about = await newToken(site, session, 'about');
    expect(about.secret).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
    const cases: Array<[string | null, number]> = [
      [null, 401],
      ['not-a-token', 401],
      [`sdt_${'A'.repeat(43)}`, 401],
      [about.secret.slice(0, -1), 401],
    ];
    for (const [token, status] of cases)
      expect([token, (await upload(site, 'about', archive, token)).status]).toEqual([token, status]);
    expect((await upload(site, 'resume', archive, about.secret)).status).toBe(403);
    expect((await withToken(site, 'GET', '/api/sections/resume/releases', about.secret)).status).toBe(403);
    expect((await upload(site, 'nothing', archive, about.secret)).status).toBe(404);
    // a session cookie is no deploy token
    const withCookie = await call(site, 'GET', '/api/sections/about/releases', { session });
    expect(withCookie.status).toBe(401);
  });

  it('lists tokens without their secrets, with when each was last used, and revokes one (then 401)', async () => {
    const made = await newToken(site, session, 'about', { name: 'laptop' });
    expect((await withToken(site, 'GET', '/api/sections/about/releases', made.secret)).status).toBe(200);
    const listed = await json<DeployToken[]>(await call(site, 'GET', '/api/owner/deploy-tokens', { session }));
    const mine = listed.find((token) => token.id === made.token.id);
    expect(mine).toMatchObject({ name: 'laptop', section: 'about', mayPromote: false, lastUsedAt: expect.any(String) });
    expect(JSON.stringify(listed)).not.toContain(made.secret);

    expect((await call(site, 'DELETE', `/api/owner/deploy-tokens/${made.token.id}`, { session })).status).toBe(204);
    expect((await withToken(site, 'GET', '/api/sections/about/releases', made.secret)).status).toBe(401);
    expect((await upload(site, 'about', archive, made.secret)).status).toBe(401);
    for (const id of [String(made.token.id), '999999', 'abc', '1e3', '99999999999999999999', '-1'])
      expect((await call(site, 'DELETE', `/api/owner/deploy-tokens/${id}`, { session })).status).toBe(404);
  });

  itOnOneStorage(
    "answers the owner's endpoints only to a session (401), and changes only from the site's own Origin (403)",
    async () => {
      const calls: Array<{ method: string; path: string; body?: unknown }> = [
        { method: 'GET', path: '/api/owner/deploy-tokens' },
        { method: 'POST', path: '/api/owner/deploy-tokens', body: { section: 'about', name: 'x' } },
        { method: 'DELETE', path: '/api/owner/deploy-tokens/1' },
        { method: 'GET', path: '/api/owner/sections/about/releases' },
        { method: 'POST', path: '/api/owner/sections/about/releases/0123456789abcdef/promote', body: {} },
        { method: 'DELETE', path: '/api/owner/sections/about/releases/0123456789abcdef' },
      ];
      for (const { method, path: urlPath, body } of calls) {
        expect([urlPath, (await call(site, method, urlPath, { body })).status]).toEqual([urlPath, 401]);
        if (method === 'GET') continue;
        for (const origin of ['https://evil.example', null])
          expect([urlPath, origin, (await call(site, method, urlPath, { session, origin, body })).status]).toEqual([
            urlPath,
            origin,
            403,
          ]);
      }
    },
  );

  itOnOneStorage(
    'refuses a token body that is not one (400), of an unknown section (404), with a JSON error',
    async () => {
      const bad: unknown[] = [
        {},
        { section: 'about' },
        { section: 'about', name: '' },
        { section: 'about', name: 'x'.repeat(81) },
        { section: 'about', name: 'x', extra: 1 },
        { section: 'about', name: 'x', mayPromote: 'yes' },
        { section: 'about', name: 'laptop\u0000' },
        { section: 'about', name: 'two\nlines' },
      ];
      for (const body of bad) {
        const response = await call(site, 'POST', '/api/owner/deploy-tokens', { session, body });
        expect([body, response.status]).toEqual([body, 400]);
        expect(response.headers.get('content-type')).toContain('application/json');
      }
      expect(
        (await call(site, 'POST', '/api/owner/deploy-tokens', { session, body: { section: '../x', name: 'x' } }))
          .status,
      ).toBe(404);
    },
  );

  it('makes a token with `npm run section:token`, printed on its last line, that the running server takes at once', async () => {
    const { code, out } = await sectionTokenCommand({ ...site.storage }, ['about', '--name', 'from the command line']);
    expect(code).toBe(0);
    const secret = out.trim().split('\n').at(-1) ?? '';
    expect(secret).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
    expect(out).toContain('npm run release -w mf-about');
    expect((await upload(site, 'about', archive, secret)).status).toBe(201);
    const listed = await json<DeployToken[]>(await call(site, 'GET', '/api/owner/deploy-tokens', { session }));
    expect(listed.find((token) => token.name === 'from the command line')).toMatchObject({ section: 'about' });
    const wrong = await sectionTokenCommand({ ...site.storage }, ['nowhere']);
    expect(wrong.code).not.toBe(0);
  }, 300_000);
});
