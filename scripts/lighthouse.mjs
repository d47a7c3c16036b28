#!/usr/bin/env node
// `npm run lighthouse [-- <site origin>] [--runs=3]`: Lighthouse 13 (mobile emulation, simulated
// throttling, its defaults) on every route of a running site, in Debian's Chromium; prints the median
// of the runs per route. Without an origin it serves the production build itself (run `npm run build`
// first), as `npm start` would.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import flags from '../e2e/support/chromium-flags.json' with { type: 'json' };
import { serveBuild } from './serve-build.mjs';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };

const routes = ['/', '/about', '/projects', '/projects/project/2', '/resume'];
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const givenOrigin = args.find((arg) => !arg.startsWith('--'));

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
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    // a run that could not measure the page (no paint, a timeout) says so instead of scoring it
    if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    return {
      performance: categories.performance.score * 100,
      accessibility: categories.accessibility.score * 100,
      bestPractices: categories['best-practices'].score * 100,
      seo: categories.seo.score * 100,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

/** One run, tried once more if Lighthouse could not measure the page (it happens on a busy machine). */
async function auditWithRetry(url) {
  try {
    return await audit(url);
  } catch (error) {
    console.error(`${url}: ${error.message}; running it again`);
    return audit(url);
  }
}

const site = givenOrigin ? null : await serveBuild(Number(process.env.LIGHTHOUSE_PORT ?? 4181));
const origin = (givenOrigin ?? site.origin).replace(/\/$/, '');
try {
  console.log(
    `Lighthouse ${lighthousePackage.version}, mobile, simulated throttling, median of ${runs} run(s), ${origin}`,
  );
  console.log('| route | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const route of routes) {
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await auditWithRetry(`${origin}${route}`));
    const m = (key) => median(results.map((result) => result[key]));
    const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `| ${route} | ${Math.round(m('performance'))} | ${Math.round(m('accessibility'))} | ${Math.round(m('bestPractices'))} | ${Math.round(m('seo'))} | ${seconds(m('fcp'))} | ${seconds(m('lcp'))} | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} |`,
    );
  }
} finally {
  site?.stop();
}
