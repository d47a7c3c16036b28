import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { colourTransitionsEnded, seriousAxeFindings } from '../support/axe';
import { projectsData } from '../support/content';
import { repoRoot } from '../support/site-server';

/**
 * One project page of each kind: the eight pages are one template, and what differs is the owner's write-up
 * (code, pictures, tables, links, plain text or none; each code language has its own colours) and whether
 * there is a thumbnail. Scanning each kind once, not each page, saves a third of this file's time and misses
 * no markup or colour the pages can have.
 */
function projectPagesOfEachKind(): string[] {
  const kindsSeen = new Set<string>();
  const pages: string[] = [];
  for (const { id, thumbnailImg } of projectsData) {
    const markdown = readFileSync(path.join(repoRoot, `mf-projects/src/content/markdown/${id}.md`), 'utf8');
    const features = [/^```/m, /!\[/, /^\|/m, /\]\(/, /\S/].map((feature) => feature.test(markdown));
    const kinds = [`${String(features)},${thumbnailImg ? 'thumbnail' : ''}`];
    for (const [, language] of markdown.matchAll(/^```(\w+)/gm)) kinds.push(`code in ${language}`);
    if (kinds.some((kind) => !kindsSeen.has(kind))) pages.push(`/projects/project/${id}`);
    for (const kind of kinds) kindsSeen.add(kind);
  }
  return pages;
}

/** Every screen: the five routes, a project page of each kind and the error page. */
const paths = ['/', '/about', '/projects', ...projectPagesOfEachKind(), '/resume', '/no/such/page'];
const widths = [375, 1280];
const schemes = ['light', 'dark'] as const;

/** Scrolls through the page once, so what loads near the screen (the captcha, lazy images) is there. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Each screen is loaded once, on a phone's width, then widened to a desktop's: the site's layout follows the width in
 * CSS alone (no script of the site's pages reads the width or listens for a resize), so the widened page is the page
 * a desktop loads, as a visitor who widens the window sees it, and a second load per screen (a third of this file's
 * time) showed axe nothing new. At each width, the full scan in the light scheme, then the colour rules in the dark.
 * The screens are split in two tests, one per worker; in each, one page walks its screens (the page, its browser
 * context and the HTTP cache set up once, the sections' scripts from the cache as for a visitor moving through the
 * site); a finding names its screen, width and scheme.
 */
const halves = [paths.filter((_, index) => index % 2 === 0), paths.filter((_, index) => index % 2 === 1)];
for (const screens of halves) {
  test(`axe finds nothing serious on ${screens.join(', ')} at ${widths.join(' and ')} px, light and dark`, async ({
    page,
  }) => {
    // 2 full and 2 colour-only axe scans of each of its whole pages, on a busy 2-core machine
    test.setTimeout(60_000 + screens.length * 30_000);
    const findings: string[] = [];
    for (const path of screens) {
      await page.setViewportSize({ width: widths[0] ?? 375, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settle(page);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        // the dark scheme is CSS colours only (prefers-color-scheme): the same page, its colours checked again
        for (const colorScheme of schemes) {
          await page.emulateMedia({ colorScheme });
          await colourTransitionsEnded(page);
          const colourOnly = colorScheme !== 'light';
          for (const finding of await seriousAxeFindings(page, { colourOnly }))
            findings.push(`${path} ${width} px ${colorScheme} ${finding}`);
        }
      }
    }
    expect(findings).toEqual([]);
  });
}
