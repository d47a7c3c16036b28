import path from 'node:path';
import { readFileSync } from 'node:fs';
import { defaultRemotesConfig } from '@portfolio/parts';
import { fakeSite } from './fake-site.js';
import {
  call,
  candidateBuild,
  json,
  page,
  serveFolder,
  startOwnerSite,
  type FolderServer,
  type OwnerSite,
} from './owner-site.js';

// Who may call the owner's section calls, and what bad input gets: never a change, never a 5xx.

/** Every section on the site's own origin, as the shell's build ships remotes.json. */
const sameOrigin = defaultRemotesConfig();

describe("the owner's section calls refuse", () => {
  const siteDir = fakeSite(sameOrigin, true);
  const remotesJson = path.join(siteDir, 'shell/dist/remotes.json');
  let site: OwnerSite;
  let session: string;
  let about2: FolderServer;
  beforeAll(async () => {
    site = await startOwnerSite(siteDir);
    session = await site.logIn();
    about2 = await serveFolder(candidateBuild(siteDir, 'about', '2'));
  });
  afterAll(async () => {
    await about2.close();
    await site.close();
  });

  const candidate = () => `${about2.url}/remoteEntry.js`;
  it('answers 401 without a session, on every call', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/owner/sections'],
      ['POST', '/api/owner/sections/about/releases/import'],
      ['POST', '/api/owner/sections/about/releases/0123456789abcdef/preview'],
      ['POST', '/api/owner/sections/about/roll-back'],
    ];
    for (const [method, urlPath] of calls) {
      for (const sessionId of [undefined, 'A'.repeat(43), 'not a session']) {
        const body = method === 'POST' ? { url: candidate() } : undefined;
        const response = await call(site, method, urlPath, { session: sessionId, body });
        expect([method, urlPath, response.status]).toEqual([method, urlPath, 401]);
        expect(await json(response)).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
    }
  });

  it('answers 403 to every change from another origin or none, even with the session', async () => {
    const changes: Array<[string, string]> = [
      ['POST', '/api/owner/sections/about/releases/import'],
      ['POST', '/api/owner/sections/about/releases/0123456789abcdef/preview'],
      ['POST', '/api/owner/sections/about/roll-back'],
    ];
    for (const [method, urlPath] of changes) {
      for (const origin of ['https://evil.example', null, `${site.baseUrl}.evil.example`]) {
        const body = method === 'POST' ? { url: candidate() } : undefined;
        const response = await call(site, method, urlPath, { session, origin, body });
        expect([urlPath, origin, response.status]).toEqual([urlPath, origin, 403]);
        expect(await json(response)).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      }
    }
    expect((await page(site, '/about')).builds).toContain('about=about-1');
  });

  it('refuses hostile URLs, bodies and section names with a 4xx that says why, never a 5xx', async () => {
    const badUrls = [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/javascript,alert(1)',
      'ftp://example.com/remoteEntry.js',
      '//evil.example/remoteEntry.js',
      '/\\evil.example/remoteEntry.js',
      'mf/about/remoteEntry.js',
      'http://owner:secret@example.com/remoteEntry.js',
      'https://exa mple.com/remoteEntry.js',
      '',
      'x'.repeat(10_000),
    ];
    for (const url of badUrls) {
      const response = await call(site, 'POST', '/api/owner/sections/about/releases/import', {
        session,
        body: { url },
      });
      const body = await json<{ statusCode: number; message: string; fields?: Record<string, string> }>(response);
      expect([url.slice(0, 40), response.status]).toEqual([url.slice(0, 40), 400]);
      expect(body.fields?.url).toEqual(expect.any(String));
    }
    const bodies: Array<[string, number]> = [
      ['[]', 400],
      ['"https://example.com"', 400],
      ['{"url": 5}', 400],
      ['{"url": "https://example.com/x.js", "extra": 1}', 400],
      ['{"url": ', 400],
      [JSON.stringify({ url: 'y'.repeat(20_000) }), 413],
    ];
    for (const [rawBody, status] of bodies) {
      const response = await call(site, 'POST', '/api/owner/sections/about/releases/import', { session, rawBody });
      expect([rawBody.slice(0, 30), response.status]).toEqual([rawBody.slice(0, 30), status]);
    }
    for (const name of [
      'nope',
      'About',
      '..',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      '__proto__',
      'constructor',
      'x'.repeat(3000),
    ]) {
      for (const action of ['releases/import', 'releases/0123456789abcdef/preview', 'roll-back']) {
        const response = await call(site, 'POST', `/api/owner/sections/${name}/${action}`, {
          session,
          body: { url: candidate() },
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect([name.slice(0, 20), action, response.status < 500]).toEqual([name.slice(0, 20), action, true]);
      }
    }
    for (const id of ['nope', '0123456789ABCDEF', '..%2F..', 'x'.repeat(3000)]) {
      const response = await call(site, 'POST', `/api/owner/sections/about/releases/${id}/preview`, { session });
      expect([id.slice(0, 20), response.status]).toEqual([id.slice(0, 20), 404]);
    }
    expect(readFileSync(remotesJson, 'utf8')).toBe(JSON.stringify(sameOrigin));
    expect((await page(site, '/about')).builds).toContain('about=about-1');
  });

  it('answers 404 where the URL calls were: a build at a URL goes live only as a release', async () => {
    for (const action of ['check', 'preview', 'promote']) {
      const response = await call(site, 'POST', `/api/owner/sections/about/${action}`, {
        session,
        body: { url: candidate() },
      });
      expect([action, response.status]).toEqual([action, 404]);
    }
    expect((await page(site, '/about')).builds).toContain('about=about-1');
  });
});
