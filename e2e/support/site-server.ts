import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '@portfolio/parts';
import { previewPortOf, sitePort, siteverifyUrl, standInPorts } from './ports';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The site's data folder for this run. Every Playwright process reads this file: the first (the runner,
 * which starts the server) makes the folder, and the test workers it starts inherit its name.
 */
export const siteDataDir = (process.env.E2E_SITE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portfolio-e2e-')));

/** The site as `npm start` runs it, on its own port and with a fresh data folder per test run. */
export const siteServer = {
  url: `http://127.0.0.1:${sitePort}`,
  /** where its previews run: the default, the port after the site's (PREVIEW_PORT unset) */
  previewUrl: `http://127.0.0.1:${previewPortOf(sitePort)}`,
  webServer: {
    // with the Node flags `npm start` gives it, so the tests meet the server's real limits
    command: ['node', ...api.nodeFlags, 'api/dist/main.js'].join(' '),
    cwd: repoRoot,
    url: `http://127.0.0.1:${sitePort}/api/health`,
    reuseExistingServer: false,
    // a first start makes the embedded database (initdb): on a loaded machine that alone can take a minute
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(sitePort),
      NODE_ENV: 'production',
      DATA_DIR: siteDataDir,
      // the address the browser uses: canonical URLs, Open Graph and the sitemap are on it
      SITE_URL: `http://127.0.0.1:${sitePort}`,
      // the captcha provider and the mail server are stand-ins (support/stand-ins.ts); nothing leaves this machine
      RECAPTCHA_SITE_KEY: 'e2e-site-key',
      RECAPTCHA_SECRET: 'e2e-secret',
      RECAPTCHA_VERIFY_URL: `${siteverifyUrl}/recaptcha/api/siteverify`,
      SMTP_URL: `smtp://127.0.0.1:${standInPorts.smtp}`,
      CONTACT_TO: 'owner@example.com',
      OUTBOX_RETRY_BASE_MS: '500',
      // every test comes from 127.0.0.1: limits high enough for the whole suite
      RATE_LIMIT_VERIFY: '1000',
      RATE_LIMIT_CONTACT: '1000',
      RATE_LIMIT_RUM: '100000',
    },
  },
};
