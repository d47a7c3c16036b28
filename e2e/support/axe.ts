import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * The one accepted exception (docs/product-rules.md): docs/product-rules.md asks for a barely visible
 * "login" link in the footer, so its text contrast is low on purpose. Only that rule, only that link.
 */
const acceptedExceptions = [{ rule: 'color-contrast', target: '.site-login-link' }];

/**
 * The rules whose answer depends on colours. The dark scheme is CSS colours only (no script reads it), so
 * after a switch of scheme these are the only rules whose findings can change: the rest need no second run.
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Serious and critical axe findings on the page as it is now, one line per rule and node.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode: `axe.run`), not split into a partial run per frame and a
 * final one in a blank page that AxeBuilder opens, fills with axe and closes on every call: that blank page was half
 * of each scan's time (about 2 s of 3.5 at a load of 15). What legacy mode gives up is frames of another origin,
 * which it does not scan; the site's pages have none (the captcha is a stand-in drawn in the page), and a page that
 * gets one fails here rather than being scanned in part.
 */
export async function seriousAxeFindings(page: Page, { colourOnly = false } = {}): Promise<string[]> {
  const pageOrigin = new URL(page.url()).origin;
  const otherOrigins = page
    .frames()
    .filter(
      (frame) => !['about:blank', 'about:srcdoc'].includes(frame.url()) && new URL(frame.url()).origin !== pageOrigin,
    );
  if (otherOrigins.length)
    throw new Error(
      `axe's legacy mode does not scan frames of another origin: ${otherOrigins.map((frame) => frame.url()).join(', ')}`,
    );
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  const { violations } = await (colourOnly ? axe.withRules(colourRules) : axe.withTags(axeTags)).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes
        .filter(
          (node) =>
            !acceptedExceptions.some(
              (exception) => exception.rule === violation.id && node.target.join(' ').includes(exception.target),
            ),
        )
        .map((node) => `${violation.id} (${violation.impact ?? ''}): ${node.target.join(' ')}`),
    );
}

/** Colours change through the controls' CSS transitions (a scheme switch, a focus ring): read them once arrived. */
export async function colourTransitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
}
