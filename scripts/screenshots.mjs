#!/usr/bin/env node
/* global document, window -- page.evaluate runs its callback in the browser */
// `npm run screenshots`: full-page PNGs of every route at phone (375 px) and desktop (1280 px) width,
// in the light and the dark scheme, from the production build, into screenshots/ (not committed).
// Look at them after a front-end change.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './parts.mjs';
import { launchChromium, serveBuild } from './serve-build.mjs';

const outDir = path.join(repoRoot, 'screenshots');
const pages = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'projects', path: '/projects' },
  { name: 'projects-linux', path: '/projects?tag=Linux' },
  { name: 'projects-unknown-tag', path: '/projects?tag=COBOL' },
  { name: 'project-2', path: '/projects/project/2' },
  { name: 'project-5', path: '/projects/project/5' },
  { name: 'resume', path: '/resume' },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'projects-unavailable', path: '/projects', block: '**/sections/projects/**' },
];

const site = await serveBuild(process.env.SHOTS_PORT ? Number(process.env.SHOTS_PORT) : undefined);
try {
  mkdirSync(outDir, { recursive: true });
  const browser = await launchChromium();
  for (const [width, colorScheme] of [375, 1280].flatMap((w) => [
    [w, 'light'],
    [w, 'dark'],
  ])) {
    for (const shot of pages) {
      const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 }, colorScheme });
      await page.route(/^https:\/\/www\.(google|gstatic)\.com\//, (r) =>
        r.fulfill({ body: '', contentType: 'text/javascript' }),
      );
      if (shot.block) await page.route(shot.block, (route) => route.abort('connectionrefused'));
      await page.goto(`${site.origin}${shot.path}`, { waitUntil: 'networkidle' });
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
      const file = path.join(outDir, `${shot.name}-${width}${colorScheme === 'dark' ? '-dark' : ''}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(path.relative(repoRoot, file));
      await page.close();
    }
  }
  await browser.close();
} finally {
  site.stop();
}
