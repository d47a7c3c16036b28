import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const port = Number(process.env.E2E_PORT ?? 4173);

/** The site as `npm start` runs it, on its own port and with a fresh data folder per test run. */
export const siteServer = {
  url: `http://127.0.0.1:${port}`,
  webServer: {
    command: 'node api/dist/main.js',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portfolio-e2e-')),
    },
  },
};
