// Link-preview cards drawn at build time from content (preview-card.mjs: 1200x630 PNG, the title and the owner's
// name from packages/content/site.json), for pages without a picture of their own:
//
// `import card from '@portfolio/content/site.json?title=titles.about&preview-card'`: one card whose title is the
//   JSON's value at that dotted path; the module is `{ url, alt }`, alt the card in words (og:image:alt).
// `import cards from './projects.json?without=thumbnailImg&kicker=Project&preview-cards'`: one card per entry of
//   the JSON's list (its `title`), keyed by its `id`; `without` leaves out the entries that have a value there.
// (The query ends with the marker, so TypeScript's `declare module '*preview-card'` types the import.)
//
// The card files are named by their content hash; the server build (`emit: false`) names the same files as the
// browser build, which ships them.
const { createHash } = require('node:crypto');

const siteJson = require.resolve('@portfolio/content/site.json');

/** Cards drawn in this process: the browser and the server build of a part ask for the same ones. */
const drawnCards = new Map();
function drawn(draw, card) {
  const key = JSON.stringify(card);
  if (!drawnCards.has(key))
    drawnCards.set(
      key,
      draw(card).catch((error) => {
        drawnCards.delete(key);
        throw error;
      }),
    );
  return drawnCards.get(key);
}

const valueAt = (data, dottedPath) => dottedPath.split('.').reduce((value, key) => value?.[key], data);

function cardsAsked(loader, data) {
  const query = new URLSearchParams(loader.resourceQuery.slice(1));
  const kicker = query.get('kicker') ?? undefined;
  if (query.has('preview-card')) {
    const title = valueAt(data, query.get('title') ?? '');
    if (typeof title !== 'string' || !title)
      throw new Error(`${loader.resourcePath} has no text at "${query.get('title')}" to draw a preview card of`);
    return { single: true, cards: [{ key: query.get('title').split('.').pop(), title, kicker }] };
  }
  if (!Array.isArray(data)) throw new Error(`${loader.resourcePath} is not a list to draw preview cards of`);
  const without = query.get('without');
  const entries = without ? data.filter((entry) => !entry[without]) : data;
  return { single: false, cards: entries.map((entry) => ({ key: String(entry.id), title: entry.title, kicker })) };
}

async function draw(loader, source) {
  loader.addDependency(siteJson);
  const { ownerName } = JSON.parse(require('node:fs').readFileSync(siteJson, 'utf8'));
  const { drawPreviewCard } = await import('../preview-card.mjs');
  const { single, cards } = cardsAsked(loader, JSON.parse(source));
  const base = loader.resourcePath
    .split('/')
    .pop()
    .replace(/\.json$/, '');
  const made = [];
  for (const card of cards) {
    const png = await drawn(drawPreviewCard, { title: card.title, ownerName, kicker: card.kicker });
    const file = `assets/${base}-${card.key}.card.${createHash('sha256').update(png).digest('hex').slice(0, 10)}.png`;
    if (loader.getOptions().emit) loader.emitFile(file, png);
    const alt = `${card.title}, by ${ownerName}`;
    made.push([card.key, `{ url: __webpack_public_path__ + ${JSON.stringify(file)}, alt: ${JSON.stringify(alt)} }`]);
  }
  if (single) return `export default ${made[0][1]};\n`;
  return `export default { ${made.map(([key, card]) => `${JSON.stringify(key)}: ${card}`).join(', ')} };\n`;
}

module.exports = function previewCardLoader(source) {
  const done = this.async();
  draw(this, source).then((output) => done(null, output), done);
};
