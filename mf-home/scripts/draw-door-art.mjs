#!/usr/bin/env node
// Draws the home page's door art as small SVGs (one closed and one open door per role, plus the doormat
// label icons), so the art stays light and consistent: run it after changing a colour or an icon.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const out = path.join(import.meta.dirname, '../src/content/door-art');

/** Role icons on a 24×24 grid, drawn with the current stroke colour. */
const icons = {
  'problem-solver': '<path d="M9 17h6M10 20h4M8.5 14a6 6 0 1 1 7 0c-.8.6-1 1.3-1 2h-5c0-.7-.2-1.4-1-2z"/>',
  leader: '<path d="M6 21V3M6 4h11l-3 4 3 4H6"/>',
  doer: '<path d="M4 12.5l5 5L20 6.5"/>',
  'software-engineer': '<path d="M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 5l-3 14"/>',
  manager:
    '<circle cx="12" cy="5" r="2.5"/><circle cx="5" cy="18" r="2.5"/><circle cx="19" cy="18" r="2.5"/><path d="M12 7.5V12M5 15.5V12h14v3.5"/>',
  'website-builder':
    '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 9h18M6.5 6.5h.01M9 6.5h.01M8 13h8M8 16h5"/>',
  musician: '<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>',
  mechanic: '<circle cx="12" cy="12" r="3"/><circle cx="12" cy="12" r="7" stroke-width="3" stroke-dasharray="3 2.5"/>',
  maker: '<path d="M14 4l6 6-3 3-6-6zM12.5 8.5L4 17l3 3 8.5-8.5"/>',
  grandmaster: '<path d="M12 2v4M10 4h4M8 21h8M9 18h6l-1-6h-4zM8.5 12h7l-1.5-3.5h-4z"/>',
};

/** Door colours: a calm family per group, so a group reads as one set of doors. */
const doors = [
  { id: 'problem-solver', leaf: '#3d6fa8' },
  { id: 'leader', leaf: '#2f5c8f' },
  { id: 'doer', leaf: '#4a86b8' },
  { id: 'software-engineer', leaf: '#2f7d6b' },
  { id: 'manager', leaf: '#3e8e5e' },
  { id: 'website-builder', leaf: '#27695f' },
  { id: 'musician', leaf: '#b5563b' },
  { id: 'mechanic', leaf: '#8d4a2f' },
  { id: 'maker', leaf: '#c27a2c' },
  { id: 'grandmaster', leaf: '#6b4a8f' },
];

const wall =
  '<rect width="160" height="240" fill="#f6f1e7"/><rect x="0" y="226" width="160" height="14" fill="#e4dccb"/>';
const frame = '<rect x="22" y="16" width="116" height="214" rx="4" fill="#7a5a3a"/>';
const emblem = (id, x, y, scale, colour) =>
  `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${colour}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${icons[id]}</g>`;

function closedDoor({ id, leaf }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 240" width="160" height="240">${wall}${frame}
<rect x="30" y="24" width="100" height="206" fill="${leaf}"/>
<g fill="none" stroke="#000" stroke-opacity=".18" stroke-width="3"><rect x="42" y="38" width="76" height="76" rx="3"/><rect x="42" y="128" width="76" height="88" rx="3"/></g>
<circle cx="80" cy="76" r="24" fill="#fdfaf2"/>${emblem(id, 65.6, 61.6, 1.2, leaf)}
<circle cx="116" cy="130" r="5" fill="#f4c95d" stroke="#b38b2e" stroke-width="1.5"/>
<rect x="26" y="228" width="108" height="4" fill="#5e452c"/></svg>
`;
}

function openDoor({ id, leaf }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 240" width="160" height="240">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff8dc"/><stop offset="1" stop-color="#f7c95c"/></linearGradient></defs>${wall}${frame}
<rect x="30" y="24" width="100" height="206" fill="url(#g)"/>
<path d="M30 230h100l-14-34H44z" fill="#e9b44c" opacity=".55"/>
${emblem(id, 62, 70, 1.5, '#b07a12')}
<path d="M30 24l26 14v178l-26 14z" fill="${leaf}"/><path d="M30 24l26 14v178l-26 14z" fill="#000" opacity=".12"/>
<circle cx="50" cy="130" r="3.5" fill="#f4c95d"/>
<rect x="26" y="228" width="108" height="4" fill="#5e452c"/></svg>
`;
}

const ids = Object.keys(icons);
function matLabels() {
  const views = ids.map((id, i) => `<view id="${id}" viewBox="${i * 24} 0 24 24"/>`).join('');
  const glyphs = ids.map((id, i) => `<g transform="translate(${i * 24} 0)">${icons[id]}</g>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ids.length * 24} 24" width="${ids.length * 24}" height="24">${views}<g fill="none" stroke="#4a3520" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${glyphs}</g></svg>
`;
}

for (const door of doors) {
  writeFileSync(path.join(out, `${door.id}-closed.svg`), closedDoor(door));
  writeFileSync(path.join(out, `${door.id}-open.svg`), openDoor(door));
}
writeFileSync(path.join(out, 'mat-labels.svg'), matLabels());
console.log(`drew ${doors.length * 2 + 1} files in ${path.relative(process.cwd(), out)}`);
