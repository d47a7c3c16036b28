#!/usr/bin/env node
// `npm run screenshots`: full-page PNGs of every route at phone (375 px) and desktop (1280 px) width,
// from the production build, into screenshots/ (not committed). Look at them after a front-end change.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from './parts.mjs';

const port = Number(process.env.SHOTS_PORT ?? 4191);
const origin = `http://127.0.0.1:${port}`;
const outDir = path.join(repoRoot, 'screenshots');
const pages = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'projects', path: '/projects' },
  { name: 'project-2', path: '/projects/project/2' },
  { name: 'project-5', path: '/projects/project/5' },
  { name: 'resume', path: '/resume' },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'projects-unavailable', path: '/projects', block: '**/mf/projects/**' },
];
const widths = [375, 1280];
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const server = spawn(process.execPath, [path.join(repoRoot, 'api/dist/main.js')], {
  env: { ...process.env, PORT: String(port), NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shots-')) },
  stdio: 'ignore',
});
try {
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      if (attempt > 100) throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
  for (const width of widths) {
    for (const shot of pages) {
      const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
      await page.route(/^https:\/\/www\.(google|gstatic)\.com\//, (r) => r.fulfill({ body: '', contentType: 'text/javascript' }));
      if (shot.block) await page.route(shot.block, (route) => route.abort('connectionrefused'));
      await page.goto(`${origin}${shot.path}`, { waitUntil: 'networkidle' });
      if (shot.block) await page.getByRole('button', { name: 'Retry' }).waitFor();
      // scroll through once so lazy images below the fold are in the picture too
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const file = path.join(outDir, `${shot.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
  }
  await browser.close();
} finally {
  server.kill();
}
