#!/usr/bin/env node
// Writes gallery photos in the widths the About gallery's srcset offers (see src/gallery-photos.ts):
// <name>.webp 1200 px wide, <name>-800w.webp and <name>-480w.webp, all cropped to 3:2.
//   npm run photos -w mf-about                      draws the 13 sample scenes (no downloaded pictures)
//   npm run photos -w mf-about -- ~/pics/lake.jpg   converts the owner's own photos (then list them in about.json)
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sampleScenes } from './sample-photo-scenes.mjs';

const photosDir = path.join(import.meta.dirname, '..', 'src', 'content', 'photos');
const variants = [
  { width: 1200, suffix: '' },
  { width: 800, suffix: '-800w' },
  { width: 480, suffix: '-480w' },
];

const ownPhotos = process.argv.slice(2).map((file) => ({
  name: path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-'),
  input: () => sharp(path.resolve(file)).rotate(),
}));
const samples = sampleScenes.map((scene) => ({
  name: scene.name,
  // rasterise the drawing at the size it is written at, so small widths stay crisp
  input: (width) => sharp(Buffer.from(scene.draw()), { density: 72 * (width / 1200) }),
}));

mkdirSync(photosDir, { recursive: true });
let total = 0;
const photos = ownPhotos.length > 0 ? ownPhotos : samples;
for (const photo of photos) {
  const sizes = [];
  for (const { width, suffix } of variants) {
    const file = path.join(photosDir, `${photo.name}${suffix}.webp`);
    // the smallest files that still look clean at these sizes; effort 6 is slow but runs once
    await photo
      .input(width)
      .resize({ width, height: Math.round((width * 2) / 3), fit: 'cover' })
      .webp({ quality: width > 800 ? 72 : 76, effort: 6, smartSubsample: true })
      .toFile(file);
    const bytes = statSync(file).size;
    total += bytes;
    sizes.push(`${width}w ${(bytes / 1024).toFixed(1)} KB`);
  }
  console.log(`${`${photo.name}.webp`.padEnd(27)} ${sizes.join('  ')}`);
}
console.log(
  `${photos.length} photos, ${(total / 1024).toFixed(0)} KB in all, in ${path.relative(process.cwd(), photosDir)}`,
);
