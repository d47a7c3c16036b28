import type { BrowserContext, Page } from '@playwright/test';

/**
 * Every page of `target` (a page, or every page of a context) marks the moment its field-measurement collector
 * listens for the page being hidden: the collector is the only code that listens for it on window. The state
 * `collectorListens` waits for, before a visitor leaves.
 */
export async function markCollector(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    // the method itself, called below with each call's own target
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof add>) {
      if (this === window && args[0] === 'visibilitychange')
        (window as { collectorListens?: boolean }).collectorListens = true;
      add.apply(this, args);
    };
  });
}

/** Waits until the page has loaded its collector (after the load event, when idle) and it listens. */
export async function collectorListens(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(() => (window as { collectorListens?: boolean }).collectorListens === true, null, {
    timeout,
  });
}
