import { fakeSite } from './fake-site.js';
import { startApp, type RunningApp } from './start-app.js';

describe('the server over HTTP', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ SERVE_SITE: 'true', SITE_DIR: fakeSite() });
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
    for (const file of ['/remotes.json', '/mf/home/remoteEntry.js', '/mf/projects/mf-manifest.json']) {
      const response = await fetch(`${app.baseUrl}${file}`);
      expect([file, response.status]).toEqual([file, 200]);
      expect([file, response.headers.get('cache-control')]).toEqual([file, 'no-cache']);
    }
    const chunk = await fetch(`${app.baseUrl}/mf/resume/__federation_expose_routes.abcdef0123.js`);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
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
