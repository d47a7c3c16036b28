// The check against real pages in Debian's Chromium (or CHROMIUM_PATH), served over HTTP on loopback.
import { jest } from '@jest/globals';
import { createServer } from 'node:http';
import { hydratedAttribute } from '@portfolio/contracts/hydration-marker';
import { sectionFailedEventType } from '@portfolio/contracts/field-signals';
import { browserCheckReportSchema } from '@portfolio/contracts/section-releases';
import { browserCheckReport, checkHydration } from './hydration-check.mjs';

const hydrate = `document.documentElement.setAttribute('${hydratedAttribute}', '')`;

/** Each page: the script it runs (after a tick, as a real page hydrates after its scripts arrive). */
const pages = {
  '/clean': `setTimeout(() => { ${hydrate}; }, 50)`,
  '/throws': `setTimeout(() => { ${hydrate}; throw new TypeError('render broke in the browser only'); }, 50)`,
  '/console': `setTimeout(() => { console.error('Hydration failed: text did not match'); ${hydrate}; }, 50)`,
  '/never': `/* a page whose scripts never finish */`,
  '/oops': `document.body.innerHTML = '<main><h1 id="error-heading">Oops!</h1><i>x is not defined</i></main>'; ${hydrate}`,
  '/with-release': `fetch('/sections/about/0123456789abcdef/remoteEntry.js').finally(() => { ${hydrate}; })`,
  '/section-failed': `dispatchEvent(new CustomEvent('${sectionFailedEventType}', { detail: 'about' })); ${hydrate}`,
};

let server;
let base;
beforeAll(async () => {
  server = createServer((request, response) => {
    const script = pages[new URL(request.url, 'http://x').pathname];
    if (request.url === '/favicon.ico' || request.url.startsWith('/sections/')) {
      response.writeHead(204).end();
      return;
    }
    if (request.url === '/go-clean') {
      response.writeHead(303, { location: '/clean' }).end();
      return;
    }
    response.writeHead(script === undefined ? 404 : 200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html><body><main></main><script>${script ?? hydrate}</script></body></html>`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const check = (paths, timeoutMs = 5_000, mustLoad = undefined) =>
  checkHydration({
    chromiumPath: process.env.CHROMIUM_PATH,
    urls: paths.map((path) => `${base}${path}`),
    timeoutMs,
    mustLoad,
  });

jest.setTimeout(60_000);

describe('checkHydration', () => {
  it('passes pages that hydrate cleanly, and follows a redirect to where the page ends', async () => {
    const result = await check(['/clean', '/go-clean']);
    expect(result.ok).toBe(true);
    expect(result.pages.map((page) => [page.path, page.errors])).toEqual([
      ['/clean', []],
      ['/clean', []],
    ]);
  });

  it('names an exception thrown in the browser, a console error, the error page and a failed section', async () => {
    const result = await check(['/throws', '/console', '/oops', '/section-failed', '/clean']);
    expect(result.ok).toBe(false);
    const [throws, consoleError, oops, sectionFailed, clean] = result.pages;
    expect(throws.errors).toEqual([expect.stringContaining('TypeError: render broke in the browser only')]);
    expect(consoleError.errors).toEqual([expect.stringContaining('Hydration failed')]);
    expect(oops.errors).toEqual([expect.stringMatching(/error page.*x is not defined/)]);
    expect(sectionFailed.errors).toEqual([expect.stringContaining('about')]);
    // one page's errors are never reported against the next
    expect(clean.errors).toEqual([]);
  });

  it('fails a page that never hydrates, and one that answers 404, within the time given', async () => {
    const started = Date.now();
    const result = await check(['/never', '/missing'], 1_500);
    expect(result.pages[0].errors).toEqual([expect.stringContaining('not hydrated within 1500 ms')]);
    expect(result.pages[1].errors).toEqual(expect.arrayContaining([expect.stringContaining('answered 404')]));
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('fails a page that never requested what it must load (the release under check), and passes one that did', async () => {
    const result = await check(['/clean', '/with-release'], 5_000, '/sections/about/0123456789abcdef/');
    expect(result.pages[0].errors).toEqual([expect.stringContaining('not running the code under check')]);
    expect(result.pages[1].errors).toEqual([]);
  });

  it('writes the report the site takes', async () => {
    const report = browserCheckReport(await check(['/throws']));
    expect(report).toEqual({ ok: false, routes: [{ path: '/throws', errors: [expect.any(String)] }] });
  });
});

describe('browserCheckReport', () => {
  it("writes the control characters a page's console printed (colours) as U+FFFD, keeping line breaks: the site takes it", () => {
    const report = browserCheckReport({
      ok: false,
      pages: [{ url: 'http://x/a', path: '/a', errors: ['\u001b[31mred\u001b[0m\n  at line\t2\u0000'] }],
    });
    expect(report.routes[0].errors).toEqual(['\uFFFD[31mred\uFFFD[0m\n  at line\t2\uFFFD']);
    expect(browserCheckReportSchema.safeParse(report).success).toBe(true);
  });
});
