import { expect, test } from '@playwright/test';
import { visit } from '../support/layout-shift';

/** The pages the section routes do not show: a project's page, with and without a thumbnail. */
const otherRoutes = ['/projects/project/2', '/projects/project/3'];

// every section's page is the first-visit test's (own-site.spec.ts: the first visits to a server just started, with
// the same server code and build, rendered by the server whole: it asserts that), so only the project pages are
// visited here
for (const width of [375, 1280]) {
  for (const route of otherRoutes) {
    test(`${route} at ${width} px does not shift as it loads (CLS at most 0.01)`, async ({ browser, baseURL }) => {
      const { cls, shifts } = await visit(browser, `${baseURL}${route}`, width);
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
    });
  }
}
