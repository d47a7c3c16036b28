import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addMapping, GenMapping, setSourceContent, toEncodedMap } from '@jridgewell/gen-mapping';
import { beaconLimits } from '@portfolio/contracts/field-events';
import type { LiveSections } from '../../live-sections/live-sections.service.js';
import { fingerprintOf, normalizedMessage, stackFrames } from './error-fingerprint.js';
import { mapBytesLimit, ReleaseSourceMaps } from './release-source-maps.js';

const source = 'webpack://portfolio_about/./src/gallery.tsx';
const galleryLines = [
  'export function Gallery(props: Props) {',
  '  const photos = props.data.photos;',
  '  return photos.map((photo) => photo.src.trim());',
  '}',
];

/**
 * A release folder with one minified chunk and its map, as webpack writes them: the gallery's source with `shift`
 * lines above it, its code at generated column `at` (a build that minified it elsewhere).
 */
function release(root: string, id: string, shift: number, at: number): void {
  const lines = [...Array.from({ length: shift }, (_, index) => `// note ${index}`), ...galleryLines];
  const map = new GenMapping({ file: 'chunk.0123456789.js' });
  setSourceContent(map, source, lines.join('\n'));
  // `props.data.photos` (the throw) and `photo.src.trim()` (another error), and the function itself
  addMapping(map, {
    generated: { line: 1, column: at - 40 },
    source,
    original: { line: shift + 1, column: 16 },
    name: 'Gallery',
  });
  addMapping(map, {
    generated: { line: 1, column: at },
    source,
    original: { line: shift + 2, column: 17 },
    name: 'data',
  });
  addMapping(map, {
    generated: { line: 1, column: at + 30 },
    source,
    original: { line: shift + 3, column: 40 },
    name: 'trim',
  });
  const folder = path.join(root, id);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'chunk.0123456789.js'), `${'x'.repeat(at + 60)}\n`);
  writeFileSync(path.join(folder, 'chunk.0123456789.js.map'), JSON.stringify(toEncodedMap(map)));
}

function sourceMaps() {
  const root = mkdtempSync(path.join(tmpdir(), 'error-groups-'));
  release(root, 'aaaaaaaaaaaaaaaa', 0, 120);
  release(root, 'bbbbbbbbbbbbbbbb', 3, 300);
  const files = {
    releaseFolder: (_section: string, id: string) => Promise.resolve(path.join(root, id)),
  } as unknown as LiveSections;
  return { root, maps: new ReleaseSourceMaps(files) };
}

const site = 'https://site.example';
const chrome = (build: string, column: number, message: string) =>
  `${message}\n    at r (${site}/sections/about/${build}/chunk.0123456789.js:1:${column})\n    at ${site}/main.1111111111.js:1:99`;
const firefox = (build: string, column: number) =>
  `r@${site}/sections/about/${build}/chunk.0123456789.js:1:${column}\n@${site}/main.1111111111.js:1:99\n`;

async function groupOf(maps: ReleaseSourceMaps, build: string, message: string, stack: string) {
  const frames = await maps.frames('about', build, stack);
  return { fingerprint: fingerprintOf('about', message, frames), frames };
}

describe('error fingerprints', () => {
  it('makes one group of one error from two browsers and two builds whose lines and columns moved', async () => {
    const { maps } = sourceMaps();
    const chromeMessage = "TypeError: Cannot read properties of undefined (reading 'photos')";
    const a = await groupOf(maps, 'aaaaaaaaaaaaaaaa', chromeMessage, chrome('aaaaaaaaaaaaaaaa', 121, chromeMessage));
    const b = await groupOf(
      maps,
      'bbbbbbbbbbbbbbbb',
      'TypeError: props.data is undefined',
      firefox('bbbbbbbbbbbbbbbb', 301),
    );
    expect(a.frames).toEqual([
      expect.objectContaining({ file: 'src/gallery.tsx', line: 2, column: 18, function: 'Gallery', mapped: true }),
    ]);
    expect(b.frames).toEqual([
      expect.objectContaining({ file: 'src/gallery.tsx', line: 5, column: 18, function: 'Gallery', mapped: true }),
    ]);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(b.fingerprint).toBe(a.fingerprint);
  });

  it('makes two groups of two errors: another place, another kind, or (without frames) another message', async () => {
    const { maps } = sourceMaps();
    const photos = await groupOf(
      maps,
      'aaaaaaaaaaaaaaaa',
      'TypeError: a',
      chrome('aaaaaaaaaaaaaaaa', 121, 'TypeError: a'),
    );
    const trim = await groupOf(
      maps,
      'aaaaaaaaaaaaaaaa',
      'TypeError: b',
      chrome('aaaaaaaaaaaaaaaa', 151, 'TypeError: b'),
    );
    expect(trim.frames[0]).toEqual(expect.objectContaining({ line: 3, function: 'Gallery' }));
    expect(trim.fingerprint).not.toBe(photos.fingerprint);
    const range = await groupOf(
      maps,
      'aaaaaaaaaaaaaaaa',
      'RangeError: a',
      chrome('aaaaaaaaaaaaaaaa', 121, 'RangeError: a'),
    );
    expect(range.fingerprint).not.toBe(photos.fingerprint);
    // no stack: the message, its numbers, ids and quoted values stripped
    expect(fingerprintOf('about', 'Error: photo 12 of "harbor" failed', [])).toBe(
      fingerprintOf('about', "Error: photo 7 of 'lighthouse' failed", []),
    );
    expect(fingerprintOf('about', 'Error: photo failed', [])).not.toBe(
      fingerprintOf('about', 'Error: gallery failed', []),
    );
    expect(fingerprintOf('about', 'Error: x', [])).not.toBe(fingerprintOf('home', 'Error: x', []));
  });

  it('normalizes numbers, ids and quoted values', () => {
    expect(normalizedMessage('Error: order 3f9a2c1b77 for 550e8400-e29b-41d4-a716-446655440000 at 12.5 "x y"')).toBe(
      'Error: order <id> for <id> at <n> <value>',
    );
    expect(normalizedMessage('   ')).toBe('Error');
  });

  it('reads only frames of the section build the proof names, and keeps unmapped ones by their release file', async () => {
    const { maps } = sourceMaps();
    const other = `Error\n    at f (${site}/sections/about/bbbbbbbbbbbbbbbb/chunk.0123456789.js:1:301)\n    at g (${site}/sections/home/aaaaaaaaaaaaaaaa/chunk.0123456789.js:1:121)`;
    expect(await maps.frames('about', 'aaaaaaaaaaaaaaaa', other)).toEqual([]);
    const noMap = `Error\n    at q (${site}/sections/about/aaaaaaaaaaaaaaaa/other.99.js:7:8)`;
    expect(await maps.frames('about', 'aaaaaaaaaaaaaaaa', noMap)).toEqual([
      { file: 'other.99.js', line: 7, column: 8, function: 'q', mapped: false, context: null },
    ]);
  });

  it('costs little and loses nothing on hostile stacks: huge, thousands of frames, a way up, a broken or huge map', async () => {
    const { root, maps } = sourceMaps();
    writeFileSync(path.join(root, 'aaaaaaaaaaaaaaaa', 'broken.1.js.map'), '{"version":3,"mappings":"!!!!');
    writeFileSync(path.join(root, 'aaaaaaaaaaaaaaaa', 'huge.1.js.map'), Buffer.alloc(mapBytesLimit + 1, 32));
    const frame = (file: string, line = 1, column = 121) =>
      `    at f (${site}/sections/about/aaaaaaaaaaaaaaaa/${file}:${line}:${column})`;
    const stacks = [
      Array.from({ length: 10_000 }, () => frame('chunk.0123456789.js')).join('\n'),
      'x'.repeat(1_000_000),
      '\n'.repeat(1_000_000),
      `${'@'.repeat(100_000)}:1:1`,
      frame('../../../../etc/passwd.js'),
      frame('%2e%2e/x.js'),
      frame('broken.1.js'),
      frame('huge.1.js'),
      frame('chunk.0123456789.js', 999_999_999, 999_999_999),
      frame('chunk.0123456789.js', 0, 0),
    ];
    const started = performance.now();
    const results = [];
    for (const stack of stacks) results.push(await maps.frames('about', 'aaaaaaaaaaaaaaaa', stack));
    const elapsed = performance.now() - started;
    // the many frames: three mapped at most, from the first 1,000 characters only
    expect(results[0]).toHaveLength(3);
    expect(results.slice(1, 6)).toEqual([[], [], [], [], []]);
    expect(results[6]?.[0]?.mapped).toBe(false);
    expect(results[7]?.[0]?.mapped).toBe(false);
    expect(results[8]?.[0]?.file).toBeDefined();
    expect(stackFrames('x'.repeat(10 * beaconLimits.stackChars))).toEqual([]);
    console.log(`hostile stacks: ${stacks.length} in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(5_000);
    // and a good report is read as before
    const after = await maps.frames('about', 'aaaaaaaaaaaaaaaa', chrome('aaaaaaaaaaaaaaaa', 121, 'TypeError: a'));
    expect(after[0]).toEqual(expect.objectContaining({ file: 'src/gallery.tsx', line: 2, mapped: true }));
  });
});
