/**
 * @jest-environment node
 */
/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compile } from 'sass';
import { frontEndFolders } from '@portfolio/parts';
import unused from './unused-classes.json';

const repoRoot = path.resolve(__dirname, '../../../..');

/** The theme as Sass builds it (the build then drops the classes of unused-classes.json). */
const themeCss = compile(path.join(__dirname, 'site-theme.scss'), {
  loadPaths: [path.join(repoRoot, 'node_modules')],
  quietDeps: true,
  silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
}).css;

/** Every class name a selector of this CSS names. */
const classesIn = (css: string) => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const sourceDirs = [...frontEndFolders, 'packages/ui'].map((folder) => path.join(repoRoot, folder, 'src'));

/** A `className={...}` expression, braces balanced; or a `className="..."` string. */
function classNameExpressions(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/className=(["{])/g)) {
    const start = match.index + 'className='.length;
    if (match[1] === '"') {
      found.push(source.slice(start, source.indexOf('"', start + 1) + 1));
      continue;
    }
    let depth = 0;
    for (let end = start; end < source.length; end += 1) {
      depth += source[end] === '{' ? 1 : source[end] === '}' ? -1 : 0;
      if (depth === 0) {
        found.push(source.slice(start, end + 1));
        break;
      }
    }
  }
  return found;
}

/** The global class names the components write as literals: `className="a b"`, `'a'`, `` `a ${x}` ``. */
function classNamesUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceDirs.flatMap((dir) => filesUnder(dir, /\.tsx$/))) {
    for (const expression of classNameExpressions(readFileSync(file, 'utf8'))) {
      // only literal text: a ${...} part adds a CSS module's class, and `x === 'a'` compares, names nothing
      const literalText = expression.replace(/\$\{[^}]*\}/g, '${}').replace(/[!=]==\s*(['"`])[^'"`]*\1/g, '');
      for (const [, text] of literalText.matchAll(/["'`]([^"'`]*)["'`]/g))
        for (const name of text!.split(/\s+/).filter((token) => /^[a-z][\w-]*$/.test(token)))
          used.set(name, path.relative(repoRoot, file));
    }
  }
  return used;
}

describe('the site theme (Bootstrap from Sass, only the parts the pages use)', () => {
  const built = classesIn(themeCss);
  const dropped = new Set(unused.classes);
  const ownGlobalCss = sourceDirs.flatMap((dir) => filesUnder(dir, /^(?!.*\.module\.).*\.css$/));
  // highlight.js's mark on a highlighted block (markdown.css styles its tokens, .hljs-*)
  const hooks = new Set(['hljs']);
  const ownGlobal = new Set(ownGlobalCss.flatMap((file) => [...classesIn(readFileSync(file, 'utf8'))]));

  it('styles every class name the components use (or the part styles it itself)', () => {
    const unstyled = [...classNamesUsed()]
      .filter(([name]) => !(built.has(name) && !dropped.has(name)) && !ownGlobal.has(name) && !hooks.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(unstyled).toEqual([]);
  });

  it('drops only classes Bootstrap would build', () => {
    expect(unused.classes.filter((name) => !built.has(name))).toEqual([]);
  });

  it('uses the palette for the controls and a dark scheme that follows the system setting', () => {
    expect(themeCss).toMatch(/@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{[^}]*--bs-body-bg: #121827/);
    expect(themeCss).toMatch(/\.btn-primary\s*\{[^}]*--bs-btn-bg: #1f2a44/);
    expect(themeCss).not.toMatch(/#0d6efd/); // Bootstrap's own blue is gone
  });
});
