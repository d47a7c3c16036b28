// @ts-check
/* global window, document, addEventListener -- the functions given to page.evaluate run in the browser */
/**
 * The browser check of a release: each page opened in headless Chromium as a visitor would, waited on until
 * React has hydrated it, and everything a visitor would meet named: console errors, uncaught exceptions,
 * section code that failed to load, and the error page. The release command runs it on the developer's
 * machine (or CI); the site's server may run it too where it has a Chromium.
 */
import { chromium } from 'playwright-core';
import { hydratedAttribute } from '@portfolio/contracts/hydration-marker';
import { sectionFailedEventType } from '@portfolio/contracts/field-signals';

/** Headless, and nothing that reaches the internet on its own (the same switches as e2e's Chromium). */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where Debian puts its Chromium; CHROMIUM_PATH says otherwise. */
export const defaultChromiumPath = '/usr/bin/chromium';

/** Errors kept per page and their length: enough to name the cause, bounded like the API's report. */
const maxErrorsPerPage = 20;
const maxErrorLength = 2000;

/**
 * @typedef {object} PageCheck
 * @property {string} url    the URL opened
 * @property {string} path   where the page ended (a preview link redirects to the section's first page)
 * @property {string[]} errors what went wrong there; empty when the page hydrated cleanly
 */

/**
 * Runs in the page before its scripts: notes each section the shell could not load.
 * @param {string} eventType
 */
function noteFailedSections(eventType) {
  const failed = /** @type {string[]} */ ([]);
  /** @type {any} */ (window).__failedSections = failed;
  addEventListener(eventType, (event) => failed.push(String(/** @type {CustomEvent} */ (event).detail)));
}

/** Runs in the page: the error page's heading, or the "unavailable" frame's, if the page shows one. */
function errorViewShown() {
  const oops = document.querySelector('#error-heading');
  if (oops) return `the error page ("${oops.textContent}"): ${document.querySelector('main i')?.textContent ?? ''}`;
  const unavailable = document.querySelector('#remote-unavailable-heading');
  return unavailable ? `"${unavailable.textContent}"` : null;
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {number} timeoutMs
 * @param {string | undefined} mustLoad
 * @returns {Promise<PageCheck>}
 */
async function checkPage(page, url, timeoutMs, mustLoad) {
  /** @type {string[]} */
  const errors = [];
  const note = (/** @type {string} */ error) => {
    if (errors.length < maxErrorsPerPage) errors.push(error.slice(0, maxErrorLength));
  };
  const onConsole = (/** @type {import('playwright-core').ConsoleMessage} */ message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" names no resource: the location does
    const where = message.location().url;
    note(`console error: ${message.text()}${where && !message.text().includes(where) ? ` (${where})` : ''}`);
  };
  const onPageError = (/** @type {Error} */ error) => note(`uncaught ${error.name}: ${error.message}`);
  let loaded = false;
  const onRequest = (/** @type {import('playwright-core').Request} */ request) => {
    if (mustLoad && request.url().includes(mustLoad)) loaded = true;
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('request', onRequest);
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    if (response && response.status() >= 400) note(`the page answered ${response.status()}`);
    const hydrated = await page
      .waitForSelector(`html[${hydratedAttribute}]`, { state: 'attached', timeout: timeoutMs })
      .then(() => true)
      .catch(() => false);
    if (!hydrated) note(`not hydrated within ${timeoutMs} ms`);
    // what the page loads once hydrated (a route's lazy parts) can still fail: give it a moment to settle
    await page.waitForLoadState('networkidle', { timeout: Math.min(timeoutMs, 5_000) }).catch(() => {});
    const failed = /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).__failedSections));
    for (const section of failed ?? []) note(`the ${section} section's code failed to load`);
    const errorView = await page.evaluate(errorViewShown);
    if (errorView) note(`shows ${errorView}`);
    if (mustLoad && !loaded) note(`loaded nothing from ${mustLoad}: the page is not running the code under check`);
  } catch (error) {
    note(`could not open the page: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('request', onRequest);
  }
  return { url, path: pathOf(page.url(), url), errors };
}

/** @param {string} current @param {string} fallback */
function pathOf(current, fallback) {
  try {
    const { pathname, search } = new URL(current && current !== 'about:blank' ? current : fallback);
    return `${pathname}${search}`;
  } catch {
    return fallback;
  }
}

/**
 * Opens each URL in turn in one browser context (so a preview link's cookie carries to the pages after it).
 * @param {object} options
 * @param {string} [options.chromiumPath] the Chromium to run (default: Debian's)
 * @param {string[]} options.urls          absolute URLs, in order
 * @param {number} [options.timeoutMs]     per page: to load, and then to hydrate
 * @param {string} [options.mustLoad]      each page must request a URL containing this (a release's folder):
 *                                          proof it runs the code under check, not what is live
 * @returns {Promise<{ ok: boolean, pages: PageCheck[] }>}
 */
export async function checkHydration({ chromiumPath = defaultChromiumPath, urls, timeoutMs = 15_000, mustLoad }) {
  // starting Chromium on a busy machine takes seconds: its own, generous limit
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 60_000 });
  try {
    const context = await browser.newContext();
    await context.addInitScript(noteFailedSections, sectionFailedEventType);
    const page = await context.newPage();
    const pages = [];
    for (const url of urls) pages.push(await checkPage(page, url, timeoutMs, mustLoad));
    return { ok: pages.every((checked) => checked.errors.length === 0), pages };
  } finally {
    await browser.close();
  }
}

/** A control character other than a line break or a tab: the site refuses them in a report (contracts: plain-text). */
const controlCharacter = /(?![\t\n\r])\p{Cc}/gu;

/**
 * What the site's `POST .../browser-check` takes (contracts: BrowserCheckReport); a page's own console may print
 * control characters (colours), written as U+FFFD.
 * @param {{ ok: boolean, pages: PageCheck[] }} result
 */
export const browserCheckReport = (result) => ({
  ok: result.ok,
  routes: result.pages.map((checked) => ({
    path: checked.path.slice(0, 300),
    errors: checked.errors.map((error) => error.replace(controlCharacter, '\uFFFD')),
  })),
});
