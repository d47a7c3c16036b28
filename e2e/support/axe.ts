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

/** Serious and critical axe findings on the page as it is now, one line per rule and node. */
export async function seriousAxeFindings(page: Page, { colourOnly = false } = {}): Promise<string[]> {
  const axe = new AxeBuilder({ page });
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
