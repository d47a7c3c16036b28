#!/usr/bin/env node
// `npm run size`: for each route, the gzip bytes of the JS and CSS a first visit loads, split by
// part, the image bytes and the number of requests. It serves the production build (run
// `npm run build` first) on a spare port and loads each route in a fresh Chromium context.
import { gzipSync } from 'node:zlib';
import { launchChromium, serveBuild } from './serve-build.mjs';

const routes = ['/', '/about', '/projects', '/projects/project/2', '/resume'];
const kinds = { script: 'js', stylesheet: 'css', image: 'img' };

async function measure(browser, origin, route) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // the captcha provider is outside this measurement: the page gets an empty script instead
  await page.route(/^https:\/\/www\.(google|gstatic)\.com\//, (r) =>
    r.fulfill({ body: '', contentType: 'text/javascript' }),
  );
  const rows = new Map();
  const pending = [];
  let requests = 0;
  page.on('requestfinished', () => (requests += 1));
  page.on('response', (response) => {
    const kind = kinds[response.request().resourceType()];
    if (!kind) return;
    const url = new URL(response.url());
    // a section's files: its release's (/sections/<name>/<id>/), or a dev build's (/mf/<name>/)
    const part = /^\/(?:sections|mf)\/([a-z]+)\//.exec(url.pathname)?.[1];
    const name = part ? `mf-${part}` : url.origin === origin ? 'shell' : 'external';
    pending.push(
      response.body().then(
        (body) => {
          const row = rows.get(name) ?? { js: 0, css: 0, img: 0 };
          row[kind] += kind === 'img' ? body.length : gzipSync(body, { level: 6 }).length;
          rows.set(name, row);
        },
        () => {},
      ),
    );
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await Promise.all(pending);
  await context.close();
  return { rows, requests };
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
const site = await serveBuild(process.env.SIZE_PORT ? Number(process.env.SIZE_PORT) : undefined);
try {
  const browser = await launchChromium();
  console.log('route                 part           JS gz KB  CSS gz KB    img KB  requests');
  for (const route of routes) {
    const { rows, requests } = await measure(browser, site.origin, route);
    const total = { js: 0, css: 0, img: 0 };
    for (const [part, row] of [...rows].sort()) {
      console.log(`${route.padEnd(22)}${part.padEnd(13)}${kb(row.js)}   ${kb(row.css)}  ${kb(row.img)}`);
      for (const kind of Object.keys(total)) total[kind] += row[kind];
    }
    console.log(
      `${route.padEnd(22)}${'TOTAL'.padEnd(13)}${kb(total.js)}   ${kb(total.css)}  ${kb(total.img)}  ${String(requests).padStart(8)}`,
    );
  }
  await browser.close();
} finally {
  site.stop();
}
