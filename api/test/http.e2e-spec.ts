import { defaultRemotesConfig } from '@portfolio/parts';
import { fakeSite } from './fake-site.js';
import { startApp, type RunningApp } from './start-app.js';

describe('the server over HTTP', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ SERVE_SITE: 'true', SITE_DIR: fakeSite(defaultRemotesConfig(), true) });
  });
  afterAll(() => app.close());

  it('answers the health check', async () => {
    const response = await fetch(`${app.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('keeps hashed files for a year and revalidates the ones that name them', async () => {
    const hashed = await fetch(`${app.baseUrl}/main.0123456789.js`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const remotesJson = await fetch(`${app.baseUrl}/remotes.json`);
    expect([remotesJson.status, remotesJson.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    // the sections are served as releases (never changed, so kept a year), no longer from their dist/ at /mf/
    const { resume } = (await remotesJson.json()) as Record<string, string>;
    expect(resume).toMatch(/^\/sections\/resume\/[0-9a-f]{16}\/remoteEntry\.js$/);
    for (const file of [resume ?? '', (resume ?? '').replace('remoteEntry.js', 'mf-manifest.json')]) {
      const response = await fetch(`${app.baseUrl}${file}`);
      expect([file, response.status, response.headers.get('cache-control')]).toEqual([
        file,
        200,
        'public, max-age=31536000, immutable',
      ]);
    }
    expect((await fetch(`${app.baseUrl}/mf/home/remoteEntry.js`)).status).toBe(404);
  });

  it('compresses what it serves', async () => {
    const response = await fetch(`${app.baseUrl}/main.0123456789.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers deep links with the shell page and missing files with a 404', async () => {
    const deep = await fetch(`${app.baseUrl}/projects/project/2`, { headers: { Accept: 'text/html' } });
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    expect((await fetch(`${app.baseUrl}/missing.0123456789.js`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/mf/home/nothing-here.js`)).status).toBe(404);
    const api = await fetch(`${app.baseUrl}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('refuses bodies that are not JSON, not well formed or too large with a JSON 4xx', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${app.baseUrl}/api/health`, { method: 'POST', headers: { 'Content-Type': type }, body });
    const cases = [
      { response: await post('resource=resume', 'application/x-www-form-urlencoded'), status: 415 },
      { response: await post('{"resource": '), status: 400 },
      { response: await post(JSON.stringify({ text: 'x'.repeat(20_000) })), status: 413 },
    ];
    for (const { response, status } of cases) {
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ statusCode: status });
    }
  });
});
