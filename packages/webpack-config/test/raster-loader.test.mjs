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

describe('?raster&views', () => {
  it('cuts each view of a sprite out as a WebP of its own and maps its id to the URL', async () => {
    const sprite = path.join(doorArt, 'mat-labels.svg');
    const { output, emitted } = await load(sprite, '?raster&views');
    const ids = [...readFileSync(sprite, 'utf8').matchAll(/<view id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(1);
    expect(emitted.size).toBe(ids.length);
    for (const id of ids) {
      const [file] = [...emitted.keys()].filter((name) => name.startsWith(`assets/mat-labels-${id}.`));
      expect(file).toMatch(/^assets\/mat-labels-[a-z-]+\.[0-9a-f]{10}\.webp$/);
      expect(output).toContain(`${JSON.stringify(id)}: __webpack_public_path__ + ${JSON.stringify(file)}`);
      expect(await sharp(emitted.get(file)).metadata()).toMatchObject({ format: 'webp', width: 48, height: 48 });
    }
  });

  it('gives each view its own part of the sprite, and the server build the same URLs with no files', async () => {
    const sprite = drawing(
      'viewBox="0 0 20 10" width="20" height="10"><view id="left" viewBox="0 0 10 10"/><view id="right" viewBox="10 0 10 10"/>' +
        '<rect width="10" height="10" fill="#ff0000"/><rect x="10" width="10" height="10" fill="#0000ff"/>',
    );
    const browser = await load('/sprites/two.svg', '?raster&views', { emit: true }, sprite);
    const colour = async (id) => {
      const [file] = [...browser.emitted.keys()].filter((name) => name.startsWith(`assets/two-${id}.`));
      const { data } = await sharp(browser.emitted.get(file)).raw().toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    expect(await colour('left')).toEqual([255, 0, 0]);
    expect(await colour('right')).toEqual([0, 0, 255]);
    const server = await load('/sprites/two.svg', '?raster&views', { emit: false }, sprite);
    expect(server.emitted.size).toBe(0);
    expect(server.output).toBe(browser.output);
  });

  it('refuses a sprite without views', async () => {
    const plain = drawing('viewBox="0 0 10 10" width="10" height="10"><rect width="10" height="10"/>');
    await expect(load('/sprites/plain.svg', '?raster&views', { emit: true }, plain)).rejects.toThrow(
      'has no <view id viewBox> to cut out',
    );
  });
});
