import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { LiveSections } from '../src/live-sections/live-sections.service.js';
import { fakeSite } from './fake-site.js';
import { startFakeSiteverify } from '@portfolio/stand-ins/fake-siteverify';
import { SiteClient } from './site-client.js';
import { startApp, type RunningApp } from './start-app.js';

type Siteverify = Awaited<ReturnType<typeof startFakeSiteverify>>;

const valid = { fName: 'Ada', lName: 'Lovelace', email: 'ada@example.com', org: '', subject: 'Hi', message: 'Hello' };

/** A small seeded generator, so a failing body can be found again. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

/** About 200 ways a body can be wrong: broken JSON, wrong shapes and types, odd text, odd headers. */
function malformedBodies(): Array<{ raw: string; contentType?: string }> {
  const { next, pick } = randomSource(20260422);
  const oddValues: unknown[] = [
    null,
    true,
    0,
    -1,
    1e308,
    [],
    {},
    [1, 2],
    { nested: { deeper: [] } },
    '',
    ' ',
    '\u0000',
    '\ud800',
    'x'.repeat(5000),
    '<script>',
    'a\r\nb',
  ];
  const fixed = [
    '',
    ' ',
    '{',
    '}',
    '[',
    ']',
    '{"fName":',
    'null',
    'true',
    'false',
    '0',
    '"text"',
    '[]',
    '[{}]',
    '{}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"fName":"a","fName":"b"}',
    '\u0000\u0001\u0002',
    '\ufeff{}',
    '{"a":1}garbage',
    `${'['.repeat(3000)}${']'.repeat(3000)}`,
    `{"captchaToken":${'9'.repeat(400)}}`,
    '{"captchaToken":"\\ud800"}',
    '{"captchaToken":["x"]}',
    '{"captchaToken":{"$gt":""}}',
    JSON.stringify({ ...valid, email: { toString: 'x' } }),
    JSON.stringify({ ...valid, message: null }),
  ];
  const bodies: Array<{ raw: string; contentType?: string }> = fixed.map((raw) => ({ raw }));
  for (const contentType of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-7',
    'application/xml',
    '',
  ]) {
    bodies.push({ raw: JSON.stringify(valid), contentType });
  }
  while (bodies.length < 200) {
    const kind = next();
    if (kind < 0.3) {
      // a valid message with one field replaced by something odd, or an extra field
      const field = pick(['fName', 'lName', 'email', 'org', 'subject', 'message', 'extra', 'captchaToken']);
      bodies.push({ raw: JSON.stringify({ ...valid, [field]: pick(oddValues) }) });
    } else if (kind < 0.55) {
      // random bytes
      const length = Math.floor(next() * 300);
      bodies.push({ raw: Array.from({ length }, () => String.fromCharCode(Math.floor(next() * 256))).join('') });
    } else if (kind < 0.8) {
      // valid JSON cut short or with a byte flipped
      const text = JSON.stringify({ ...valid, subject: 'x'.repeat(Math.floor(next() * 50)) });
      const at = Math.floor(next() * text.length);
      bodies.push({
        raw:
          next() < 0.5
            ? text.slice(0, at)
            : `${text.slice(0, at)}${pick(['"', '{', '\\', ',', ':'])}${text.slice(at + 1)}`,
      });
    } else {
      // verify bodies of the wrong shape (tokens that would pass never start with "good" or "down")
      bodies.push({ raw: JSON.stringify({ captchaToken: pick(oddValues), ...(next() < 0.3 ? { more: 1 } : {}) }) });
    }
  }
  return bodies;
}

/** The API's one error shape (@portfolio/contracts/api-error): nothing more, nothing less. */
function isApiError(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { statusCode, error, message, fields, ...rest } = body as Record<string, unknown>;
  const fieldsOk =
    fields === undefined ||
    (typeof fields === 'object' && fields !== null && Object.values(fields).every((text) => typeof text === 'string'));
  return (
    statusCode === status &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    fieldsOk &&
    Object.keys(rest).length === 0
  );
}

describe('hardening', () => {
  let siteverify: Siteverify;
  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
  });
  afterAll(() => siteverify.close());

  describe('with generous rate limits', () => {
    let app: RunningApp;
    let siteDir: string;
    beforeAll(async () => {
      siteDir = fakeSite({
        home: '/mf/home/remoteEntry.js',
        projects: 'https://projects.example.net:8443/mf-manifest.json',
      });
      app = await startApp({
        SERVE_SITE: 'true',
        SITE_DIR: siteDir,
        RECAPTCHA_SECRET: 'secret-for-tests',
        RECAPTCHA_VERIFY_URL: siteverify.url,
        CSP_REMOTE_ORIGINS: 'http://127.0.0.1:4383, https://cdn.example.org/some/path',
        RATE_LIMIT_VERIFY: '10000',
        RATE_LIMIT_CONTACT: '10000',
        RATE_LIMIT_DOWNLOAD: '10000',
      });
    });
    afterAll(() => app.close());

    it('answers ~200 malformed bodies on verify, contact and download with a JSON 4xx in one shape, never a 5xx', async () => {
      const client = new SiteClient(app.baseUrl);
      expect(await (await client.post('/api/verify', { captchaToken: 'good' })).json()).toBe(true); // the pass lets bodies reach validation
      const bodies = malformedBodies();
      expect(bodies.length).toBeGreaterThanOrEqual(200);
      const failures: string[] = [];
      const statuses = new Set<number>();
      for (const path of ['/api/verify', '/api/contact', '/api/download']) {
        for (const { raw, contentType } of bodies) {
          const response = await client.post(path, undefined, { rawBody: raw, contentType });
          const type = response.headers.get('content-type') ?? '';
          statuses.add(response.status);
          const what = `${path} ${response.status} ${JSON.stringify(raw.slice(0, 80))} (${contentType ?? 'json'})`;
          if (response.status >= 500 || (response.status >= 400 && !type.includes('application/json'))) {
            failures.push(what);
          }
          if (response.status >= 400 && type.includes('application/json')) {
            const body: unknown = await response.json();
            if (!isApiError(body, response.status)) failures.push(`${what}: ${JSON.stringify(body)}`);
          } else await response.arrayBuffer();
        }
      }
      expect(failures).toEqual([]);
      // some odd values are fine text (a 200 stores them once, then the pass is gone: 403)
      expect([...statuses].sort()).toEqual(expect.arrayContaining([400, 415]));
      expect([...statuses].every((status) => [200, 400, 403, 413, 415].includes(status))).toBe(true);
    });

    it('sends security headers with a CSP for the captcha provider and the remotes origins', async () => {
      const response = await fetch(`${app.baseUrl}/`);
      const csp = response.headers.get('content-security-policy')!;
      const directive = (name: string) =>
        csp
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `));
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(directive('script-src')).toBe(
        "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://projects.example.net:8443 http://127.0.0.1:4383 https://cdn.example.org",
      );
      expect(directive('frame-src')).toBe(
        'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
      );
      expect(directive('connect-src')).toContain('https://projects.example.net:8443');
      expect(directive('style-src')).toContain('http://127.0.0.1:4383');
      expect(directive('style-src-attr')).toBe("style-src-attr 'unsafe-inline'");
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    });

    it("asks which build serves a request for pages alone: a file, a beacon and the API's calls get the fixed origins", async () => {
      const sections = app.nest.get(LiveSections);
      const forRequest = sections.forRequest.bind(sections);
      const asked: string[] = [];
      sections.forRequest = (req) => {
        asked.push(req.url ?? '');
        return forRequest(req);
      };
      try {
        const answers = [
          await fetch(`${app.baseUrl}/main.0123456789.js`),
          await fetch(`${app.baseUrl}/api/config`),
          await fetch(`${app.baseUrl}/api/rum`, {
            method: 'POST',
            body: '{}',
            headers: { 'Content-Type': 'text/plain' },
          }),
          await fetch(`${app.baseUrl}/sections/about/0123456789abcdef/remoteEntry.js`),
        ];
        expect(answers.map((answer) => answer.status < 500)).toEqual([true, true, true, true]);
        expect(asked).toEqual([]);
        for (const answer of answers) {
          const csp = answer.headers.get('content-security-policy') ?? '';
          expect(csp).toContain(
            "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ http://127.0.0.1:4383 https://cdn.example.org;",
          );
          expect(csp).not.toContain('https://projects.example.net:8443');
        }
        const page = await fetch(`${app.baseUrl}/about`);
        expect(page.status).toBe(200);
        expect(asked).toContain('/about');
        expect(page.headers.get('content-security-policy')).toContain('https://projects.example.net:8443');
      } finally {
        sections.forRequest = forRequest;
      }
    });

    it('follows an edited remotes.json without a restart', async () => {
      writeFileSync(
        path.join(siteDir, 'shell/dist/remotes.json'),
        JSON.stringify({ about: 'https://about.example.com/remoteEntry.js' }),
      );
      const csp = (await fetch(`${app.baseUrl}/`)).headers.get('content-security-policy')!;
      expect(csp).toContain('https://about.example.com');
      expect(csp).not.toContain('https://projects.example.net:8443');
    });
  });

  describe('with tight rate limits', () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp({
        RECAPTCHA_SECRET: 'secret-for-tests',
        RECAPTCHA_VERIFY_URL: siteverify.url,
        RATE_LIMIT_VERIFY: '3',
        RATE_LIMIT_CONTACT: '2',
        RATE_LIMIT_DOWNLOAD: '2',
      });
    });
    afterAll(() => app.close());

    it('answers 429 with Retry-After once a client passes its limit, per client', async () => {
      const client = new SiteClient(app.baseUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await client.post('/api/verify', { captchaToken: 'refused' })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await client.post('/api/verify', { captchaToken: 'refused' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

      const contact = [];
      for (let i = 0; i < 3; i += 1) contact.push((await client.post('/api/contact', valid)).status);
      expect(contact).toEqual([403, 403, 429]);

      const downloads = [];
      for (let i = 0; i < 3; i += 1)
        downloads.push((await client.post('/api/download', { resource: 'resume' })).status);
      expect(downloads).toEqual([200, 200, 429]);

      // another client (behind the trusted local proxy) has its own allowance
      const other = await fetch(`${app.baseUrl}/api/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: app.baseUrl, 'X-Forwarded-For': '203.0.113.7' },
        body: JSON.stringify({ captchaToken: 'refused' }),
      });
      expect(other.status).toBe(200);
    });
  });

  describe('behind a proxy at 127.0.0.1 (TRUST_PROXY=127.0.0.1)', () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_DOWNLOAD: '2' });
    });
    afterAll(() => app.close());

    /** A download request from a given loopback address (127.0.0.0/8 is all this machine), with extra headers. */
    const downloadFrom = (localAddress: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        const { port } = new URL(app.baseUrl);
        const req = request(
          {
            host: '127.0.0.1',
            port,
            localAddress,
            method: 'POST',
            path: '/api/download',
            headers: { 'Content-Type': 'application/json', ...headers },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end('{"resource":"resume"}');
      });

    it('believes X-Forwarded-For from the proxy only: other clients cannot pick a fresh address', async () => {
      const direct = [];
      for (let i = 0; i < 4; i += 1) {
        direct.push(await downloadFrom('127.0.0.2', { 'X-Forwarded-For': `198.51.100.${i}` }));
      }
      expect(direct).toEqual([200, 200, 429, 429]);
      // the proxy's word is taken: each visitor it names has a budget of their own
      expect(await downloadFrom('127.0.0.1', { 'X-Forwarded-For': '198.51.100.77' })).toBe(200);
      expect(await downloadFrom('127.0.0.3')).toBe(200);
    });
  });
});
