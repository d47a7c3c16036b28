import type { Page } from '@playwright/test';

/** Every URL the page requests, in order, from the moment this is called. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Which sections (by their release's /sections/<name>/<id>/ path) a list of requests touched. */
export function remotesIn(urls: string[]): string[] {
  const names = urls
    .map((url) => /\/sections\/([a-z]+)\/[0-9a-f]{16}\//.exec(url)?.[1])
    .filter((name): name is string => Boolean(name));
  return [...new Set(names)].sort();
}
