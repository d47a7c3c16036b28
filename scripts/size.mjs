#!/usr/bin/env node
// `npm run size`: for each route, the gzip bytes of the JS and CSS a first visit loads, split by
// part, and the number of requests. It serves the production build (run `npm run build` first)
// on a spare port and loads each route in a fresh Chromium, as a first-time visitor would.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot } from './parts.mjs';

const port = Number(process.env.SIZE_PORT ?? 4180);
const origin = `http://127.0.0.1:${port}`;
const routes = ['/', '/about', '/projects', '/projects/project/2', '/resume'];
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const partOf = (url) => {
  const remote = /\/mf\/([a-z]+)\//.exec(new URL(url).pathname)?.[1];
  return remote ? `mf-${remote}` : new URL(url).origin === origin ? 'shell' : 'external';
};

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

async function measure(browser, route) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // the captcha provider is outside this measurement: the page gets an empty script instead
  await page.route(/^https:\/\/www\.(google|gstatic)\.com\//, (r) => r.fulfill({ body: '', contentType: 'text/javascript' }));
  const rows = new Map();
  let requests = 0;
  page.on('requestfinished', () => (requests += 1));
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : type === 'image' ? 'img' : null;
    if (!kind) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const bytes = kind === 'img' ? body.length : gzipSync(body, { level: 6 }).length;
    const part = partOf(response.url());
    const row = rows.get(part) ?? { js: 0, css: 0, img: 0 };
    row[kind] += bytes;
    rows.set(part, row);
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await context.close();
  return { rows, requests };
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

const server = spawn(process.execPath, [path.join(repoRoot, 'api/dist/main.js')], {
  env: { ...process.env, PORT: String(port), NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'size-')) },
  stdio: 'ignore',
});
try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  console.log('route                 part          JS gz KB  CSS gz KB   img KB   requests');
  for (const route of routes) {
    const { rows, requests } = await measure(browser, route);
    let total = { js: 0, css: 0, img: 0 };
    for (const [part, row] of [...rows].sort()) {
      console.log(`${route.padEnd(22)}${part.padEnd(12)}${kb(row.js)}   ${kb(row.css)}  ${kb(row.img)}`);
      total = { js: total.js + row.js, css: total.css + row.css, img: total.img + row.img };
    }
    console.log(`${route.padEnd(22)}${'TOTAL'.padEnd(12)}${kb(total.js)}   ${kb(total.css)}  ${kb(total.img)}   ${String(requests).padStart(6)}`);
  }
  await browser.close();
} finally {
  server.kill();
}
