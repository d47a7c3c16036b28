import type { Page } from '@playwright/test';
import { releaseFileOf } from '@portfolio/contracts/section-releases';

/** Every URL the page requests, in order, from the moment this is called. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Which sections (by their release's /sections/<name>/<id>/ path) a list of requests touched. */
export function remotesIn(urls: string[]): string[] {
  const names = urls.flatMap((url) => releaseFileOf(url)?.name ?? []);
  return [...new Set(names)].sort();
}
