// `import url from './picture.svg?raster'`: the drawing as a lossless WebP at twice its own size (crisp on
// 2x screens). Browsers draw every SVG <img> in a document of its own on the page's main thread, a few
// milliseconds each on a phone, and again for each `#view` of a sprite; a WebP is decoded off it.
//
// `import views from './sprite.svg?raster&views'`: a sprite's `<view id viewBox>`s, each cut out as a WebP
// of its own; the module's default export maps each id to its picture's URL.
const { createHash } = require('node:crypto');
const sharp = require('sharp');

/** the density at which sharp draws an SVG at its own size */
const cssPixelDensity = 72;
const scale = 2;

const rasterize = (svg) =>
  sharp(Buffer.from(svg), { density: cssPixelDensity * scale })
    .webp({ lossless: true, effort: 6 })
    .toBuffer();

/** The sprite with its root showing one view: that view's viewBox, at that view's size. */
function spriteView(svg, viewBox) {
  const [, , width, height] = viewBox.split(/[\s,]+/);
  return svg.replace(/<svg\b[^>]*>/, (root) =>
    root
      .replace(/\s(viewBox|width|height)="[^"]*"/g, '')
      .replace(/^<svg/, `<svg viewBox="${viewBox}" width="${width}" height="${height}"`),
  );
}

async function views(loader, svg) {
  const { emit } = loader.getOptions();
  const found = [...svg.matchAll(/<view\b[^>]*\bid="([^"]+)"[^>]*\bviewBox="([^"]+)"/g)];
  if (found.length === 0) throw new Error(`${loader.resourcePath} has no <view id viewBox> to cut out`);
  const name = loader.resourcePath
    .split('/')
    .pop()
    .replace(/\.svg$/, '');
  const urls = {};
  for (const [, id, viewBox] of found) {
    const webp = await rasterize(spriteView(svg, viewBox));
    const file = `assets/${name}-${id}.${createHash('sha256').update(webp).digest('hex').slice(0, 10)}.webp`;
    if (emit) loader.emitFile(file, webp);
    urls[id] = file;
  }
  const entries = Object.entries(urls).map(
    ([id, file]) => `${JSON.stringify(id)}: __webpack_public_path__ + ${JSON.stringify(file)}`,
  );
  return `export default {\n${entries.join(',\n')}\n};\n`;
}

module.exports = function rasterLoader(source) {
  const done = this.async();
  const query = new URLSearchParams(this.resourceQuery.slice(1));
  const made = query.has('views') ? views(this, source.toString('utf8')) : rasterize(source);
  made.then((output) => done(null, output), done);
};
module.exports.raw = true;
