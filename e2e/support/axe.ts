import axe from 'axe-core';
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

type Axe = typeof axe;

/**
 * Serious and critical axe findings on the page as it is now, one line per rule and node.
 *
 * axe-core runs in the page, put there once per document and then run for each scheme; only the violations come back.
 * AxeBuilder (@axe-core/playwright), which this replaced, put axe's 1.5 MB script into the page twice per scan and
 * finished each in a blank page of its own, and sent back every rule's passes: 2 to 4 s a scan at a load of 15,
 * where axe's own run takes 0.5 to 0.8 s. What AxeBuilder adds is frames, each scanned with its own copy of axe; the
 * site's pages have none (the captcha is a stand-in drawn in the page), and a page that gets one fails here rather
 * than being scanned in part.
 */
export async function seriousAxeFindings(page: Page, { colourOnly = false } = {}): Promise<string[]> {
  const frames = page.frames().slice(1);
  if (frames.length)
    throw new Error(
      `axe runs in the top document only, and this page has frames: ${frames.map((frame) => frame.url()).join(', ')}`,
    );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const runOnly = colourOnly
    ? { type: 'rule' as const, values: colourRules }
    : { type: 'tag' as const, values: axeTags };
  const violations = await page.evaluate(async (runOnly) => {
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, {
      runOnly,
      // passes, incomplete and inapplicable reduced to one node each, not sent back whole
      resultTypes: ['violations'],
    });
    return violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      targets: nodes.map(({ target }) => target.join(' ')),
    }));
  }, runOnly);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.targets
        .filter(
          (target) =>
            !acceptedExceptions.some(
              (exception) => exception.rule === violation.id && target.includes(exception.target),
            ),
        )
        .map((target) => `${violation.id} (${violation.impact ?? ''}): ${target}`),
    );
}

/** Colours change through the controls' CSS transitions (a scheme switch, a focus ring): read them once arrived. */
export async function colourTransitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
}
