#!/usr/bin/env node
// Draws shell/public/site-card.png: the link-preview picture of the pages that have none of their own
// (1200x630, the size Open Graph and Twitter cards show), from the owner's name and the site's
// description in site.json. Run it after changing either: `npm run site-card -w shell`.
import path from 'node:path';
import sharp from 'sharp';
import site from '@portfolio/content/site.json' with { type: 'json' };

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The description in lines of at most `width` characters. */
function lines(text, width) {
  const result = [''];
  for (const word of text.split(/\s+/)) {
    const last = result.length - 1;
    if (`${result[last]} ${word}`.trim().length > width) result.push(word);
    else result[last] = `${result[last]} ${word}`.trim();
  }
  return result;
}

const description = lines(site.description, 44)
  .slice(0, 4)
  .map((line, index) => `<tspan x="96" dy="${index === 0 ? 0 : 52}">${escape(line)}</tspan>`)
  .join('');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#1f2a44"/>
  <rect x="96" y="150" width="120" height="10" rx="5" fill="#f4c95d"/>
  <text x="96" y="260" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="88" font-weight="700" fill="#f4c95d">${escape(site.ownerName)}</text>
  <text x="96" y="350" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="38" fill="#ffffff">${description}</text>
  <g transform="translate(1000 430) scale(4)"><rect width="32" height="32" rx="6" fill="#fdfcf9"/><path d="M9 8h9a6 6 0 0 1 0 12h-5v4H9zm4 4v4h5a2 2 0 0 0 0-4z" fill="#1f2a44"/></g>
</svg>`;

const out = path.join(import.meta.dirname, '../public/site-card.png');
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
