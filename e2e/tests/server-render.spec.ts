import { expect, test, type APIRequestContext } from '@playwright/test';
import { keepServerHeading, serverHeadingKept } from '../support/hydration';
import { serverRendered } from '../support/server-rendered.mjs';
import { headingIn, serverFrame, serverPages as pages } from '../support/server-pages';

/** The first answer to a page, as a crawler or a link preview gets it: one request, redirects not followed. */
async function serverHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  const page = { status: response.status(), headers: response.headers(), html: await response.text() };
  expect([path, serverRendered(page.html)]).toEqual([path, true]);
  return page;
}

const head = (html: string) => /<head>(.*)<\/head>/s.exec(html)?.[1] ?? '';
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head(html))?.[1];

for (const { path, heading, section, type } of pages) {
  test(`${path} comes from the server whole: frame, section, its own head`, async ({ request, baseURL }) => {
    const { status, headers, html } = await serverHtml(request, path);
    expect(status).toBe(200);
    expect(headers['cache-control']).toContain('s-maxage=');
    expect(html).toMatch(serverFrame);
    expect(html).toMatch(headingIn(heading));
    expect(html).not.toContain('Loading…');
    // the section's own stylesheet and the exact build the page names, by path: right for whichever host the browser used
    expect(head(html)).toMatch(
      new RegExp(`<link rel="stylesheet" href="/sections/${section}/[0-9a-f]{16}/[^"]+\\.css">`),
    );
    expect(head(html)).toMatch(
      new RegExp(
        `<link rel="preload" as="script" href="/sections/${section}/[0-9a-f]{16}/remoteEntry\\.[0-9a-f]{10}\\.js">`,
      ),
    );

    const title = /<title>([^<]*)<\/title>/.exec(head(html))?.[1] ?? '';
    expect(title).toMatch(/ \| /);
    expect(meta(html, 'og:title')).toBe(title);
    expect(meta(html, 'description')?.length).toBeGreaterThan(20);
    expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
    expect(head(html)).toContain(`<link rel="canonical" href="${baseURL}${path}">`);
    expect(meta(html, 'og:url')).toBe(`${baseURL}${path}`);
    expect(meta(html, 'og:type')).toBe(type);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // a picture link previews can show: absolute, a real PNG
    const image = meta(html, 'og:image') ?? '';
    expect(image).toMatch(/^http:\/\/.*\.png$/);
    const picture = await request.get(image);
    expect([picture.status(), picture.headers()['content-type']]).toEqual([200, 'image/png']);
  });

  test(`${path} hydrates the server's HTML: no error, no loading view, nothing fetched twice`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.addInitScript(keepServerHeading);
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.page-loading'))
          (window as unknown as { loadingShown: boolean }).loadingShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // hydrated: interactive, and still the server's elements
    await page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true }).hover();
    expect(await page.evaluate(serverHeadingKept)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { loadingShown?: boolean }).loadingShown)).toBeUndefined();
    expect(errors).toEqual([]);
    // the page named the sections' builds, and its data came with it
    expect(requests).not.toContain('/remotes.json');
    expect(requests.filter((url) => /\/project-\d+-md\./.test(url))).toEqual([]);
    // a click after hydration is the router's, not a page load
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
}

/**
 * One browser context without JavaScript walks every page: each page is a fresh load from the server (no script
 * runs, so nothing is kept between them), and one context for all of them spares a context per page.
 */
test(`${pages.map(({ path }) => path).join(', ')} work with JavaScript disabled`, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  for (const { path, heading } of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'About', exact: true })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Resume', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Resume' })).toBeVisible();
    });
  }
  await context.close();
});

test('an unknown path answers 404 with the error page inside the frame', async ({ request, page }) => {
  const { status, html } = await serverHtml(request, '/no/such/page');
  expect(status).toBe(404);
  expect(html).toMatch(/<header class="site-header">.*Oops!.*<footer class="site-footer">/s);
  expect(meta(html, 'robots')).toBe('noindex');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(keepServerHeading);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Jordan Reyes');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(serverHeadingKept)).toBe(true);
  expect(errors).toEqual([]);
});

test("a loader's redirect is an HTTP redirect: an unknown project goes to the list", async ({ request }) => {
  const redirect = await request.get('/projects/project/no-such-project?utm_source=x', { maxRedirects: 0 });
  expect([redirect.status(), redirect.headers().location]).toEqual([302, '/projects']);
});

test('a link shared with tracking parameters is the same page, its canonical link without them', async ({
  request,
  baseURL,
}) => {
  const tracking = 'utm_source=linkedin&utm_medium=social&utm_campaign=profile&fbclid=IwAR0&gclid=Cj0&ref=mail';
  for (const { path, heading } of pages) {
    const shared = await serverHtml(request, `${path}?${tracking}`);
    expect([path, shared.status]).toEqual([path, 200]);
    expect(shared.html).toMatch(serverFrame);
    expect(shared.html).toMatch(headingIn(heading));
    expect(head(shared.html)).toContain(`<link rel="canonical" href="${baseURL}${path}">`);
    expect(meta(shared.html, 'og:url')).toBe(`${baseURL}${path}`);
    // the page kept for the path: the same bytes as without them (home's doors aside: a page in picks)
    if (path !== '/') expect(shared.headers.etag).toBe((await request.get(path)).headers().etag);
  }
});

test('robots.txt points at a sitemap that lists every public page, each project included', async ({
  request,
  page,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  await page.goto('/projects');
  const projectLinks = await page
    .locator('main article a')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  expect(projectLinks.length).toBeGreaterThan(0);
  expect(listed.sort()).toEqual(
    [
      ...pages.filter((entry) => !entry.path.includes('/project/')).map((entry) => `${baseURL}${entry.path}`),
      ...projectLinks,
    ].sort(),
  );
  for (const url of listed) expect([url, (await request.get(url ?? '')).status()]).toEqual([url, 200]);
});
