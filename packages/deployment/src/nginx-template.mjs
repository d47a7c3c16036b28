// @ts-check
import { readFileSync } from 'node:fs';

/**
 * Fills in a deploy/*.template the way nginx's Docker image does (envsubst limited to the variables
 * given), and refuses to leave a ${NAME} unfilled: nginx's own variables are written without braces.
 * @param {string} file
 * @param {Record<string, string>} variables
 */
export function renderTemplate(file, variables) {
  const text = readFileSync(file, 'utf8').replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (match, /** @type {string} */ name) =>
    name in variables ? /** @type {string} */ (variables[name]) : match,
  );
  const missing = [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((found) => found[1]);
  if (missing.length > 0) throw new Error(`${file} needs ${[...new Set(missing)].join(', ')}`);
  return text;
}
