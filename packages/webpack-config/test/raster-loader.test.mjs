// The raster loader, called as webpack calls a loader: SVG drawings become WebP pictures of twice their size.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const rasterLoader = require('../loaders/raster-loader.cjs');
const doorArt = path.resolve(import.meta.dirname, '../../../mf-home/src/content/door-art');

/** Runs the loader on `file` with `query`; resolves with its output and the files it emitted. */
function load(file, query, options = { emit: true }, source = readFileSync(file)) {
  const emitted = new Map();
  return new Promise((resolve, reject) => {
    rasterLoader.call(
      {
        resourcePath: file,
        resourceQuery: query,
        getOptions: () => options,
        emitFile: (name, content) => emitted.set(name, content),
        async: () => (error, output) => (error ? reject(error) : resolve({ output, emitted })),
      },
      source,
    );
  });
}

const drawing = (svg) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${svg}</svg>`);

describe('?raster', () => {
  it('draws an SVG as a lossless WebP at twice its size', async () => {
    const { output } = await load(path.join(doorArt, 'doer-closed.svg'), '?raster');
    const meta = await sharp(output).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 480 });
  });
});

/** The module the loader wrote for a sprite, its `__webpack_public_path__` as webpack would fill it in. */
const spriteOf = (output) =>
  new Function('__webpack_public_path__', `return ${output.replace(/^export default /, '')}`)('https://cdn.test/');

describe('?raster&views', () => {
  it('draws a sprite of icons as one WebP, and says where each view lies in it (CSS px)', async () => {
    const file = path.join(doorArt, 'mat-labels.svg');
    const { output, emitted } = await load(file, '?raster&views');
    const sprite = spriteOf(output);
    const ids = [...readFileSync(file, 'utf8').matchAll(/<view id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(1);
    expect(Object.keys(sprite.views).sort()).toEqual([...ids].sort());
    expect([...emitted.keys()]).toEqual([sprite.url.replace('https://cdn.test/', '')]);
    expect(sprite.url).toMatch(/^https:\/\/cdn\.test\/assets\/mat-labels\.[0-9a-f]{10}\.webp$/);
    const picture = await sharp([...emitted.values()][0]).metadata();
    expect(picture).toMatchObject({ format: 'webp', width: sprite.width * 2, height: sprite.height * 2 });
    for (const [x, y, width, height] of Object.values(sprite.views)) {
      expect(x + width).toBeLessThanOrEqual(sprite.width);
      expect(y + height).toBeLessThanOrEqual(sprite.height);
    }
  });

  it("puts views in CSS px whatever the drawing's units, and emits nothing for the server build", async () => {
    const svg = drawing(
      'viewBox="0 0 200 100" width="20" height="10"><view id="left" viewBox="0 0 100 100"/><view id="right" viewBox="100 0 100 100"/>' +
        '<rect width="100" height="100" fill="#ff0000"/><rect x="100" width="100" height="100" fill="#0000ff"/>',
    );
    const { output, emitted } = await load('/sprites/two.svg', '?raster&views', { emit: false }, svg);
    const sprite = spriteOf(output);
    expect(emitted.size).toBe(0);
    expect([sprite.width, sprite.height]).toEqual([20, 10]);
    expect(sprite.views).toEqual({ left: [0, 0, 10, 10], right: [10, 0, 10, 10] });
  });

  it('refuses a sprite without views', async () => {
    const plain = drawing('viewBox="0 0 10 10" width="10" height="10"><rect width="10" height="10"/>');
    await expect(load('/sprites/plain.svg', '?raster&views', {}, plain)).rejects.toThrow(
      'has no <view id viewBox> to cut out',
    );
  });
});
