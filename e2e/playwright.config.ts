import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';
import { siteServer } from './support/site-server';

/**
 * Browser tests against the production build, served exactly as `npm start` serves it
 * (api/dist/main.js: the shell, every remote under /mf/<name>/, the API under /api).
 */
/** Files of one serial group each, with a server of their own: minutes each on this machine. */
const serialFiles = [
  '**/own-site.spec.ts',
  '**/experiments.spec.ts',
  '**/deployment.spec.ts',
  '**/section-deployments.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/test-results',
  timeout: 30_000,
  expect: { timeout: 7_500 },
  fullyParallel: true,
  workers: 2,
  // npm test runs the browser tests on 2 cores that the rest of the run kept busy: a test that fails once
  // is run again (with a trace) and, if it then passes, is reported as flaky in the summary, not hidden
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: siteServer.url,
    launchOptions: chromiumLaunchOptions,
    // recording a trace of every test cost 15% of the suite's time (233 s against 198 s, 2 cores) and was
    // thrown away when the test passed: a retry records one, and so does `npm run e2e -w e2e -- --trace on`
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // the files whose tests run one after another, each on a server of its own, are handed out first: last, one worker
  // would run one of them alone while the other had nothing left (Playwright hands out test groups in the order of
  // its projects, then of the files)
  projects: [
    { name: 'serial', testMatch: serialFiles },
    { name: 'parallel', testIgnore: serialFiles },
  ],
  webServer: siteServer.webServer,
  globalSetup: './support/global-setup.ts',
});
