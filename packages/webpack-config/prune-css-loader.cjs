// A webpack loader for the site's Bootstrap theme: drops every selector that names a class of
// options.unusedClasses (rules left without a selector, and media queries left empty, go too).
// Sass can take in whole Bootstrap components only; this removes the variants no page shows.
const postcss = require('postcss');

/** @this {import('webpack').LoaderContext<{ unusedClasses: string[] }>} */
module.exports = function pruneCssLoader(css, map) {
  const { unusedClasses } = this.getOptions();
  const escaped = unusedClasses.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const unused = new RegExp(`\\.(?:${escaped.join('|')})(?![\\w-])`);
  const prune = {
    postcssPlugin: 'prune-unused-classes',
    OnceExit(root) {
      root.walkRules((rule) => {
        const kept = rule.selectors.filter((selector) => !unused.test(selector));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
      });
    },
  };
  const done = this.async();
  postcss([prune])
    .process(css, { from: this.resourcePath, map: this.sourceMap ? { prev: map, inline: false } : false })
    .then((result) => done(null, result.css, result.map ? result.map.toJSON() : undefined), done);
};
