import type { Page } from '@playwright/test';

interface Transfer {
  /** Bytes that crossed the network (compressed bodies plus headers), in all. */
  totalBytes: () => number;
  /** Responses that finished loading. */
  requestCount: () => number;
  /** Each finished response's URL and its bytes on the wire. */
  responses: () => Array<{ url: string; bytes: number }>;
}

/** Records what a page transfers from now on, as Chromium's network panel counts it. */
export async function recordTransfer(page: Page): Promise<Transfer> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const finished = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, event.encodedDataLength));
  const responses = () => [...finished].map(([id, bytes]) => ({ url: urls.get(id) ?? '', bytes }));
  return {
    totalBytes: () => responses().reduce((sum, response) => sum + response.bytes, 0),
    requestCount: () => finished.size,
    responses,
  };
}
