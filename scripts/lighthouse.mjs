#!/usr/bin/env node
// `npm run lighthouse [-- <site origin> [<second site origin>]] [--runs=3]`: Lighthouse 13 (mobile emulation,
// simulated throttling, its defaults) on every route of a running site, in Debian's Chromium; prints the median of
// the runs per route. Without an origin it serves the production build itself (run `npm run build` first), as
// `npm start` would, on a free port (LIGHTHOUSE_PORT to choose one).
//
// Lighthouse simulates a slow phone from the tasks it observes, so whatever else runs on the machine lengthens
// them: each row says the load average while its runs ran and Lighthouse's benchmark index (the machine's speed as
// it measured it, higher is faster). Given two origins (two builds served side by side, say main and an older
// commit's `npm start` on another PORT), it runs them in turn, A B A B ..., so that both meet the same machine, and
// prints a table for each: compare those, never a run of one hour with a run of another.
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import flags from '../e2e/support/chromium-flags.json' with { type: 'json' };
import { serverRendered } from '../e2e/support/server-rendered.mjs';
import { serveBuild } from './serve-build.mjs';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };

const routes = ['/', '/about', '/projects', '/projects/project/2', '/resume'];
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const givenOrigins = args.filter((arg) => !arg.startsWith('--')).map((origin) => origin.replace(/\/$/, ''));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Debian's /usr/bin/chromium is a shell wrapper; chrome-launcher wants the binary itself. */
const chromePath = process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium';
const chromeFlags = flags.args.map((flag) => (flag === '--headless' ? '--headless=new' : flag));

async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const load = os.loadavg()[0];
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    // a run that could not measure the page (no paint, a timeout) says so instead of scoring it
    if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    const { categories, audits, environment } = result.lhr;
    return {
      performance: categories.performance.score * 100,
      accessibility: categories.accessibility.score * 100,
      bestPractices: categories['best-practices'].score * 100,
      seo: categories.seo.score * 100,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      benchmark: environment.benchmarkIndex,
      load: Math.max(load, os.loadavg()[0]),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The page as its server renders it: an older build answers a section's first request after a minute unused with
 * the page for the browser to render, so the page is asked for (a query string no route reads, so a new render)
 * until the server renders it, a minute at most. Today's builds render every page at once.
 */
async function rendered(url) {
  const until = Date.now() + 60_000;
  while (Date.now() < until && !serverRendered(await (await fetch(`${url}?rendered=${Date.now()}`)).text()))
    await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * One run, tried twice more if Lighthouse could not measure the page (no navigation in its trace, a timeout: it
 * happens on a busy machine); null if it never could, so that one page does not cost the other runs.
 */
async function auditWithRetry(url) {
  await rendered(url);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url);
    } catch (error) {
      console.error(`${url}: ${error.message}${attempt < 3 ? '; running it again' : '; left out'}`);
      if (attempt === 3) return null;
    }
  }
}

const site =
  givenOrigins.length > 0
    ? null
    : await serveBuild(process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : undefined);
const origins = site ? [site.origin] : givenOrigins;
try {
  const results = new Map(origins.map((origin) => [origin, new Map(routes.map((route) => [route, []]))]));
  for (const route of routes) {
    for (let run = 0; run < runs; run += 1) {
      // A B, then B A: neither is always the one that meets the machine first
      const order = run % 2 === 0 ? origins : [...origins].reverse();
      for (const origin of order) {
        const result = await auditWithRetry(`${origin}${route}`);
        if (result) results.get(origin).get(route).push(result);
      }
    }
  }
  for (const origin of origins) {
    console.log(
      `\nLighthouse ${lighthousePackage.version}, mobile, simulated throttling, median of ${runs} run(s), ${origin}${origins.length > 1 ? ' (the sites in turn)' : ''}`,
    );
    console.log(
      '| route | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | load | benchmark |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const route of routes) {
      const routeResults = results.get(origin).get(route);
      if (routeResults.length === 0) {
        console.log(`| ${route} | not measured |`);
        continue;
      }
      const m = (key) => median(routeResults.map((result) => result[key]));
      const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
      const loads = routeResults.map((result) => result.load);
      console.log(
        `| ${route}${routeResults.length < runs ? ` (${routeResults.length} of ${runs} runs)` : ''} | ${Math.round(m('performance'))} | ${Math.round(m('accessibility'))} | ${Math.round(m('bestPractices'))} | ${Math.round(m('seo'))} | ${seconds(m('fcp'))} | ${seconds(m('lcp'))} | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} | ${Math.round(m('benchmark'))} |`,
      );
    }
  }
} finally {
  site?.stop();
}
