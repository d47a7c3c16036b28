import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';
import { siteServer } from './support/site-server';

/**
 * Browser tests against the production build, served exactly as `npm start` serves it
 * (api/dist/main.js: the shell, every remote under /mf/<name>/, the API under /api).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/test-results',
  timeout: 30_000,
  expect: { timeout: 7_500 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: siteServer.url,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: siteServer.webServer,
  globalSetup: './support/global-setup.ts',
});
