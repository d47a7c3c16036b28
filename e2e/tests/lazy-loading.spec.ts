import { expect, test } from '@playwright/test';
import { projectWriteUps } from '../support/content';
import { recordRequests, remotesIn } from '../support/network-log';
import { sitemapPaths } from '../support/server-rendered.mjs';

test('home fetches only the shell and mf-home; other remotes load on first visit, or as a section link is hovered before the click', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'HELLO' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remotesIn(requests)).toEqual(['home']);

  // hovering a section link preloads its remote before the click
  await page.getByRole('banner').getByRole('link', { name: 'Resume', exact: true }).hover();
  await expect.poll(() => remotesIn(requests)).toContain('resume');

  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
  expect(remotesIn(requests)).toEqual(['about', 'home', 'resume']);
});

test('a deep link fetches the shell and only the remote it needs', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/projects/project/0');
  await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  expect(remotesIn(requests)).toEqual(['projects']);
  // the write-up came with the server's page (its loader ran there): no project's body is fetched again
  expect(requests.filter((url) => /project-.*\.js$/.test(url))).toHaveLength(0);
});

for (const { path, section, from } of [
  { path: '/about', section: 'about', from: '/' },
  { path: '/projects/project/1', section: 'projects', from: '/projects' },
]) {
  test(`${path} hydrates its markdown as the server rendered it; only a visit in the browser fetches the renderer`, async ({
    page,
  }) => {
    const renderer = new RegExp(`/sections/${section}/[0-9a-f]{16}/markdown\\.[0-9a-f]+\\.js$`);
    const requests = recordRequests(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const text = page.locator('main .md-body').first();
    const served = await text.innerHTML();
    expect(served).not.toBe('');
    expect(requests.filter((url) => renderer.test(url))).toEqual([]);

    // the same page reached through one of the site's links: the browser renders it, with the renderer
    await page.goto(from);
    await page.waitForLoadState('networkidle');
    requests.length = 0;
    await page.locator(`a[href="${path}"]`).first().click();
    await expect(page).toHaveURL(path);
    await expect(text).toBeVisible();
    expect(requests.filter((url) => renderer.test(url))).toHaveLength(1);
    expect(requests.filter((url) => url.endsWith(path))).toEqual([]);
    expect(await text.innerHTML()).toBe(served);
  });
}

test('a visit in the browser to a project without a write-up fetches no markdown renderer; one with a write-up does', async ({
  page,
}) => {
  const [empty] = projectWriteUps.empty;
  const [written] = projectWriteUps.written;
  test.skip(!empty || !written, 'the content needs a project with a write-up and one without');
  const renderer = /\/sections\/projects\/[0-9a-f]{16}\/markdown\.[0-9a-f]+\.js$/;
  const requests = recordRequests(page);
  const visit = async (id: string) => {
    await page.goto('/projects');
    await page.waitForLoadState('networkidle');
    requests.length = 0;
    await page.locator(`main a[href="/projects/project/${id}"]`).first().click();
    await expect(page).toHaveURL(`/projects/project/${id}`);
    await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveCount(2);
    await page.waitForLoadState('networkidle');
    // the page came from the browser, not the server
    expect(requests.filter((url) => url.endsWith(`/projects/project/${id}`))).toEqual([]);
    return requests.filter((url) => renderer.test(url));
  };
  expect(await visit(empty!)).toEqual([]);
  expect(await visit(written!)).toHaveLength(1);
});

test("the page announces the shell's start-up scripts, so they load beside main.js, and only those", async ({
  page,
  request,
}) => {
  const requests = recordRequests(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // the field measurements' chunk is no start-up script: it is fetched once the page is idle
  const shellScripts = (urls: readonly string[]) =>
    urls.filter((url) => /^\/[^/]+\.js$/.test(new URL(url).pathname) && !/\/(main|field)\.[0-9a-f]+\.js$/.test(url));
  const preloaded = shellScripts(
    await page
      .locator('head link[rel="preload"][as="script"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href)),
  );
  // every script the shell fetched was announced
  expect(preloaded.length).toBeGreaterThan(0);
  expect(shellScripts(requests).filter((url) => !preloaded.includes(url))).toEqual([]);
  // and every announced script ran: its chunk ids are in the shell's chunk list (a wasted preload is not)
  const ran = await page.evaluate(() =>
    ((window as unknown as Record<string, Array<[number[]]>>).webpackChunkportfolio_shell ?? []).flatMap(
      ([ids]) => ids,
    ),
  );
  for (const url of preloaded) {
    const ids = /\.push\(\[\[([\d,]+)\]/
      .exec(await (await request.get(url)).text())?.[1]
      ?.split(',')
      .map(Number);
    expect(ids, url).toBeDefined();
    expect(ran, url).toEqual(expect.arrayContaining(ids ?? []));
  }
});

// A browser's first Intl formatter loads its locale data on the main thread, a long task in Lighthouse's slowed-down
// time: a date formatter created as mf-projects' dates module loaded cost /projects 27 ms of main thread (about 100
// ms of TBT) once the list's structured data imported that module (docs/performance.md). No visitor's page creates
// an Intl formatter as it loads (what a page calls with `new Intl.X` or `Intl.X()`).
test('no page of the sitemap starts Intl as it loads', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    const started: string[] = ((window as unknown as { intlStarted: string[] }).intlStarted = []);
    for (const name of [
      'DateTimeFormat',
      'NumberFormat',
      'Collator',
      'PluralRules',
      'RelativeTimeFormat',
      'ListFormat',
      'Segmenter',
      'DisplayNames',
    ] as const) {
      // Intl's members are read-only in TypeScript's view, not in the browser's
      const intl = Intl as unknown as Record<string, unknown>;
      const Original = intl[name] as new (...args: unknown[]) => object;
      intl[name] = new Proxy(Original, {
        construct(target, args, newTarget) {
          started.push(name);
          const formatter: object = Reflect.construct(target, args, newTarget);
          return formatter;
        },
        apply(target, thisArg, args) {
          started.push(name);
          const formatter: unknown = Reflect.apply(target as unknown as (...a: unknown[]) => unknown, thisArg, args);
          return formatter;
        },
      });
    }
  });
  const started = new Map<string, string[]>();
  for (const path of await sitemapPaths(baseURL ?? '')) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const names = await page.evaluate(() => (window as unknown as { intlStarted: string[] }).intlStarted);
    if (names.length > 0) started.set(path, names);
  }
  expect(Object.fromEntries(started)).toEqual({});
});
