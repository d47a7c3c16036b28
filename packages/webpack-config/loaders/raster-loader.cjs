// `import url from './picture.svg?raster'`: the drawing as a lossless WebP at twice its own size (crisp on
// 2x screens). Browsers draw every SVG <img> in a document of its own on the page's main thread, a few
// milliseconds each on a phone, and again for each `#view` of a sprite; a WebP is decoded off it.
//
// `import sprite from './sprite.svg?raster&views'`: a sprite of icons, drawn as one WebP like the above,
// with where each `<view id viewBox>` lies in it: `{ url, width, height, views: { id: [x, y, width, height] } }`
// in the drawing's own units. A page shows an icon as that part of the picture (one request for all).
const { createHash } = require('node:crypto');
const sharp = require('sharp');

/** the density at which sharp draws an SVG at its own size */
const cssPixelDensity = 72;
const scale = 2;

const rasterize = (svg) =>
  sharp(svg, { density: cssPixelDensity * scale })
    .webp({ lossless: true, effort: 6 })
    .toBuffer();

async function sprite(loader, source) {
  const svg = source.toString('utf8');
  const views = {};
  for (const [, id, viewBox] of svg.matchAll(/<view\b[^>]*\bid="([^"]+)"[^>]*\bviewBox="([^"]+)"/g))
    views[id] = viewBox.split(/[\s,]+/).map(Number);
  if (Object.keys(views).length === 0) throw new Error(`${loader.resourcePath} has no <view id viewBox> to cut out`);
  const webp = await rasterize(source);
  const { width, height } = await sharp(webp).metadata();
  // views are in the drawing's units: put them in CSS pixels of the drawing at its own size
  const rootViewBox = /<svg\b[^>]*\bviewBox="([^"]+)"/
    .exec(svg)?.[1]
    .split(/[\s,]+/)
    .map(Number);
  const perUnit = rootViewBox ? width / scale / rootViewBox[2] : 1;
  for (const id of Object.keys(views)) views[id] = views[id].map((value) => value * perUnit);
  const name = loader.resourcePath
    .split('/')
    .pop()
    .replace(/\.svg$/, '');
  const file = `assets/${name}.${createHash('sha256').update(webp).digest('hex').slice(0, 10)}.webp`;
  if (loader.getOptions().emit) loader.emitFile(file, webp);
  const data = { width: width / scale, height: height / scale, views };
  return `export default { url: __webpack_public_path__ + ${JSON.stringify(file)}, ...${JSON.stringify(data)} };\n`;
}

module.exports = function rasterLoader(source) {
  const done = this.async();
  const query = new URLSearchParams(this.resourceQuery.slice(1));
  const made = query.has('views') ? sprite(this, source) : rasterize(source);
  made.then((output) => done(null, output), done);
};
module.exports.raw = true;
