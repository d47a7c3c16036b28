import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { standInPorts } from '../support/ports';
import { repoRoot } from '../support/site-server';
import { serveFolder, type StaticServer } from '../support/static-server';

let secondCopy: StaticServer;

// one server on a fixed port (the one the site's CSP allows), so these tests share a worker
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // a second deployment of mf-projects: a copy of its build, on another port (another origin) that CSP_REMOTE_ORIGINS names
  const folder = mkdtempSync(path.join(tmpdir(), 'mf-projects-copy-'));
  cpSync(path.join(repoRoot, 'mf-projects/dist'), folder, { recursive: true });
  secondCopy = await serveFolder(folder, standInPorts.secondRemote);
});
test.afterAll(() => secondCopy.close());

for (const entry of ['mf-manifest.json', 'remoteEntry.js']) {
  test(`remotes.json pointing projects at another server (${entry}) is used without a rebuild`, async ({
    page,
    request,
  }) => {
    const served = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
    const edited = { ...served, projects: `${secondCopy.url}/${entry}` };
    await page.route('**/remotes.json', (route) => route.fulfill({ json: edited }));
    const siteRequests: string[] = [];
    page.on('request', (req) => siteRequests.push(req.url()));

    await page.goto('/projects/project/2');
    await expect(page.getByRole('link', { name: 'Back to Projects' })).toHaveCount(2);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
    expect(secondCopy.requests).toContain(`/${entry}`);
    expect(siteRequests.filter((url) => url.includes('/mf/projects/'))).toEqual([]);
    // the other remotes still come from the site itself
    await page.getByRole('banner').getByRole('link', { name: 'Resume', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Resume' })).toBeVisible();
    expect(siteRequests.some((url) => url.includes('/mf/resume/remoteEntry.js'))).toBe(true);
  });
}
