import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ownerPaths } from '@portfolio/contracts/owner';
import { writeReleaseFileList } from '@portfolio/parts/release-files';
import { copyOfBuild } from './own-site';
import { repoRoot } from './site-server';

/** The owner's password of the sites the tests start (test data, never a real one). */
export const e2eOwnerPassword = 'e2e owner password, not a real one';

/**
 * Sets the owner's password as the owner does: the real `npm run owner:password`, the password on its stdin.
 * `storage`: the site's DATA_DIR, or `{ DATABASE_URL }` for a site on PostgreSQL.
 */
export function setOwnerPassword(storage: string | { DATABASE_URL: string }, password: string): void {
  execFileSync('npm', ['run', '--silent', 'owner:password'], {
    cwd: repoRoot,
    input: `${password}\n`,
    env: { ...process.env, ...(typeof storage === 'string' ? { DATA_DIR: storage } : storage) },
    stdio: ['pipe', 'ignore', 'pipe'],
    timeout: 60_000,
  });
}

/** Logs in through the login page (of the site at `origin`) and waits for the inbox. */
export async function logIn(page: Page, origin: string, password: string): Promise<void> {
  await page.goto(`${origin}${ownerPaths.login}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
}

/**
 * A copy of a section's dist/ whose code says `to` where the build says `from`, under a new version, its file list
 * (release-files.json) written again for what it now holds: a candidate build, as the owner would deploy it to
 * another host before importing it.
 */
export function changedBuild(folder: string, from: string, to: string): string {
  const copy = copyOfBuild(folder);
  let changed = 0;
  for (const file of readdirSync(copy, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(path.join(copy, file), 'utf8');
    if (!text.includes(from)) continue;
    writeFileSync(path.join(copy, file), text.replaceAll(from, to));
    changed += 1;
  }
  if (changed === 0) throw new Error(`no script of ${folder} says ${from}`);
  const manifestFile = path.join(copy, 'server/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string };
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: `${manifest.version}-candidate` }));
  writeReleaseFileList(copy);
  return copy;
}

/** The scripts a page loaded from the owner's chunk (its own file, named "owner"). */
export const ownerScripts = (urls: readonly string[]) =>
  urls.filter((url) => /\/owner\.[0-9a-f]+\.(js|css)$/.test(new URL(url).pathname));
