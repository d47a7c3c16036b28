// The 13 sample "photos" of the About gallery, drawn as SVG scenes (no downloaded pictures).
// Each name is the photo file the gallery lists (<name>.webp); the owner replaces them with real photos.
import {
  H,
  W,
  circle,
  cloud,
  glints,
  gradient,
  path,
  pine,
  polygon,
  radial,
  random,
  rect,
  ridge,
  roundTree,
  stars,
  svg,
} from './svg-shapes.mjs';

function harborAtDawn() {
  const sky = gradient([
    [0, '#6d6fa8'],
    [0.45, '#e79a8f'],
    [0.62, '#f7c98b'],
  ]);
  const sea = gradient([
    [0, '#c68a86'],
    [1, '#3f4f7a'],
  ]);
  const sun = radial([
    [0, '#fff4d2'],
    [0.5, '#ffd79a'],
    [1, '#ffd79a', 0],
  ]);
  const boat = (x, y, s) =>
    path(`M${x} ${y} l${120 * s} 0 l${-18 * s} ${26 * s} l${-86 * s} 0 z`, '#2b2f48') +
    rect('#2b2f48', x + 52 * s, y - 90 * s, 4 * s, 90 * s) +
    polygon(
      [
        [x + 56 * s, y - 88 * s],
        [x + 56 * s, y - 8 * s],
        [x + 104 * s, y - 8 * s],
      ],
      '#3b4163',
    );
  return svg(
    [sky.def, sea.def, sun.def],
    [
      rect(sky.fill),
      circle(780, 500, 180, sun.fill),
      circle(780, 500, 54, '#fff1cf'),
      ridge({ seed: 3, base: 520, height: 70, peaks: 5, fill: '#8a6f93', smooth: true }),
      rect(sea.fill, 0, 500, W, 300),
      glints(11, 780, 505, 800, '#ffe2b0'),
      rect('#3a2f3f', 0, 610, 430, 22),
      ...[40, 140, 240, 340].map((x) => rect('#3a2f3f', x, 630, 14, 170)),
      boat(520, 600, 1),
      boat(930, 560, 0.6),
      boat(180, 612, 0.8),
    ],
  );
}

function mountainLake() {
  const sky = gradient([
    [0, '#4f8fd8'],
    [1, '#cfe7f7'],
  ]);
  const lake = gradient([
    [0, '#5d8fb8'],
    [1, '#1f4766'],
  ]);
  const far = ridge({ seed: 7, base: 470, height: 300, peaks: 4, fill: '#8fa9c8' });
  // the same mountains, cut off at the shore and mirrored in the lake
  const mirrored = ridge({ seed: 7, base: 470, height: 300, peaks: 4, fill: '#8fa9c8', bottom: 500 });
  return svg(
    [sky.def, lake.def],
    [
      rect(sky.fill),
      cloud(160, 140, 1.1),
      cloud(820, 100, 0.8),
      far,
      polygon(
        [
          [380, 190],
          [330, 260],
          [420, 250],
        ],
        '#ffffff',
        'opacity="0.85"',
      ),
      ridge({ seed: 17, base: 500, height: 170, peaks: 6, fill: '#4e6e8e' }),
      rect(lake.fill, 0, 500, W, 300),
      `<g transform="translate(0 1000) scale(1 -1)" opacity="0.3">${mirrored}</g>`,
      glints(23, 600, 510, 790, '#d9ecf7', 900),
      ...Array.from({ length: 9 }, (_, i) => pine(40 + i * 34, 560 - (i % 3) * 8, 150 + (i % 4) * 20, '#1f3d2f')),
      ...Array.from({ length: 6 }, (_, i) => pine(1180 - i * 40, 570, 170 + (i % 3) * 25, '#234634')),
    ],
  );
}

function desertMesa() {
  const sky = gradient([
    [0, '#3c2a5c'],
    [0.5, '#c7567a'],
    [0.85, '#f6a35b'],
  ]);
  const ground = gradient([
    [0, '#c96a3a'],
    [1, '#7a3a25'],
  ]);
  const mesa = (x, w, h, fill) =>
    polygon(
      [
        [x, 560],
        [x + 30, 560 - h],
        [x + w - 30, 560 - h],
        [x + w, 560],
      ],
      fill,
    );
  const cactus = (x, y, s) =>
    path(
      `M${x} ${y} v${-120 * s} a${12 * s} ${12 * s} 0 0 1 ${24 * s} 0 v${120 * s} z M${x} ${y - 60 * s} h${-30 * s} v${-40 * s} a${9 * s} ${9 * s} 0 0 1 ${18 * s} 0 v${22 * s} h${12 * s} z M${x + 24 * s} ${y - 80 * s} h${28 * s} v${-30 * s} a${9 * s} ${9 * s} 0 0 0 ${-18 * s} 0 v${12 * s} h${-10 * s} z`,
      '#2f3b2a',
    );
  return svg(
    [sky.def, ground.def],
    [
      rect(sky.fill),
      circle(600, 545, 90, '#ffd27a'),
      stars(5, 40, 200, '#ffe9f0'),
      mesa(80, 380, 200, '#5a2b3c'),
      mesa(640, 300, 150, '#6b3343'),
      mesa(930, 260, 230, '#4d2534'),
      rect(ground.fill, 0, 555, W, 245),
      path('M560 800 L620 560 L640 560 L760 800 Z', '#b35a33', 'opacity="0.6"'),
      cactus(230, 720, 1.1),
      cactus(980, 760, 1.4),
      cactus(420, 640, 0.6),
    ],
  );
}

function cityAtNight() {
  const sky = gradient([
    [0, '#0b1330'],
    [1, '#2d3a6b'],
  ]);
  const next = random(41);
  const buildings = [];
  for (let x = -20; x < W;) {
    const w = 60 + next() * 90;
    const h = 180 + next() * 330;
    const top = 700 - h;
    buildings.push(
      rect(next() > 0.5 ? '#1a2140' : '#222a4d', x.toFixed(0), top.toFixed(0), w.toFixed(0), h.toFixed(0)),
    );
    for (let wy = top + 18; wy < 680; wy += 26) {
      for (let wx = x + 10; wx < x + w - 14; wx += 20) {
        if (next() > 0.55)
          buildings.push(
            rect(next() > 0.2 ? '#ffd983' : '#9ad0ff', wx.toFixed(0), wy.toFixed(0), 9, 13, 'opacity="0.9"'),
          );
      }
    }
    x += w + 4;
  }
  return svg(
    [sky.def],
    [
      rect(sky.fill),
      stars(9, 140, 420),
      circle(960, 150, 56, '#f4f1dc'),
      circle(985, 135, 52, '#111a3d'),
      ...buildings,
      rect('#101528', 0, 700, W, 100),
      glints(13, 600, 705, 800, '#ffd983', 1000),
    ],
  );
}

function autumnPath() {
  const sky = gradient([
    [0, '#f3d9a6'],
    [1, '#f7ecd2'],
  ]);
  const colors = ['#d9622b', '#e8a33d', '#b8401f', '#f0c14b', '#9c3b1c'];
  const next = random(8);
  const trees = Array.from({ length: 16 }, (_, i) => {
    const left = i % 2 === 0;
    const depth = Math.floor(i / 2);
    const x = left ? 480 - depth * 70 - next() * 40 : 720 + depth * 70 + next() * 40;
    return { x, y: 520 + depth * 40, size: 200 + depth * 40, color: colors[Math.floor(next() * colors.length)] };
  }).sort((a, b) => a.y - b.y);
  return svg(
    [sky.def],
    [
      rect(sky.fill),
      rect('#8c9a4a', 0, 480, W, 320),
      path('M560 480 L640 480 L900 800 L300 800 Z', '#c9a577'),
      ...trees.map((tree) => roundTree(tree.x, tree.y, tree.size, tree.color)),
      ...Array.from({ length: 60 }, () =>
        circle(
          (next() * W).toFixed(0),
          (600 + next() * 200).toFixed(0),
          5 + next() * 5,
          colors[Math.floor(next() * 5)],
          'opacity="0.8"',
        ),
      ),
    ],
  );
}

function workshopMotorcycle() {
  const wall = gradient([
    [0, '#3e4a5c'],
    [1, '#2a3240'],
  ]);
  const lamp = radial([
    [0, '#fff3c4', 0.9],
    [1, '#fff3c4', 0],
  ]);
  const wheel = (x) =>
    circle(x, 600, 95, 'none', 'stroke="#1b1d22" stroke-width="26"') +
    circle(x, 600, 70, 'none', 'stroke="#9aa3ad" stroke-width="3" stroke-dasharray="4 10"') +
    circle(x, 600, 16, '#c8ccd2');
  const tools = Array.from({ length: 7 }, (_, i) =>
    rect('#b8bec7', 170 + i * 60, 150, 10, 90 + (i % 3) * 30, 'rx="4"'),
  );
  return svg(
    [wall.def, lamp.def],
    [
      rect(wall.fill),
      circle(600, 60, 420, lamp.fill),
      rect('#6e5a44', 140, 120, 470, 200, 'rx="6"'),
      ...tools,
      rect('#5b5f66', 0, 690, W, 110),
      rect('#4a4e55', 0, 690, W, 8),
      wheel(400),
      wheel(820),
      path(
        'M400 600 L520 470 L700 470 L820 600 M520 470 L600 600 L700 470',
        'none',
        'stroke="#8b1e24" stroke-width="18" stroke-linejoin="round"',
      ),
      path('M500 455 q80 -60 190 -10 l-10 25 h-170 z', '#a8242b'),
      rect('#2a2a2a', 640, 440, 110, 24, 'rx="10"'),
      path('M700 470 L760 380 L800 370', 'none', 'stroke="#c8ccd2" stroke-width="10" stroke-linecap="round"'),
      path('M560 560 h120 v40 h-120 z', '#3a3d44'),
      rect('#c8ccd2', 470, 590, 200, 10, 'rx="5"'),
    ],
  );
}

function chessEndgame() {
  const table = gradient([
    [0, '#5a3b26'],
    [1, '#3a2517'],
  ]);
  const squares = [];
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      squares.push(rect((row + col) % 2 === 0 ? '#efd9b4' : '#b07d4f', 300 + col * 75, 100 + row * 75, 75, 75));
    }
  }
  const piece = (col, row, color, crown) => {
    const x = 337.5 + col * 75;
    const y = 165 + row * 75;
    const outline = color === '#fafafa' ? '#333' : '#ddd';
    return (
      path(`M${x - 24} ${y} h48 l-6 -10 h-36 z`, color, `stroke="${outline}" stroke-width="2"`) +
      path(`M${x - 14} ${y - 10} l6 -26 h16 l6 26 z`, color, `stroke="${outline}" stroke-width="2"`) +
      circle(x, y - 44, crown ? 12 : 10, color, `stroke="${outline}" stroke-width="2"`) +
      (crown ? rect(color, x - 3, y - 66, 6, 14, `stroke="${outline}" stroke-width="1.5"`) : '')
    );
  };
  return svg(
    [table.def],
    [
      rect(table.fill),
      rect('#2b1b10', 288, 88, 624, 624, 'rx="8"'),
      ...squares,
      piece(6, 1, '#1f1f1f', true),
      piece(4, 3, '#fafafa', true),
      piece(5, 2, '#fafafa', false),
      piece(2, 6, '#1f1f1f', false),
      piece(1, 5, '#fafafa', false),
      piece(6, 6, '#1f1f1f', false),
    ],
  );
}

function concertStage() {
  const back = gradient([
    [0, '#120c24'],
    [1, '#2d1747'],
  ]);
  const beam = (x, color, angle) =>
    polygon(
      [
        [x, 0],
        [x - 40, 0],
        [x - 40 + angle - 180, 620],
        [x + angle + 180, 620],
      ],
      color,
      'opacity="0.22"',
    );
  const next = random(77);
  const crowd = Array.from({ length: 34 }, (_, i) => {
    const x = i * 37 + next() * 12;
    const y = 690 + next() * 30;
    return circle(x, y, 22, '#07050d') + rect('#07050d', x - 28, y + 12, 56, 120, 'rx="20"');
  });
  return svg(
    [back.def],
    [
      rect(back.fill),
      beam(300, '#ff5fa2', -120),
      beam(620, '#59c3ff', 0),
      beam(940, '#ffd45f', 120),
      rect('#1c1230', 0, 600, W, 40),
      rect('#0d0918', 120, 640, 960, 10),
      circle(600, 520, 30, '#0b0814'),
      rect('#0b0814', 570, 545, 60, 60, 'rx="18"'),
      path('M560 580 L700 470 l14 12 L575 595 z', '#b5651d'),
      circle(560, 590, 26, '#8a4a12'),
      ...crowd,
      ...[150, 450, 750, 1050].map((x) => circle(x, 40, 18, '#fff6d5')),
    ],
  );
}

function snowyPeaks() {
  const sky = gradient([
    [0, '#2f6fc0'],
    [1, '#a9d3f5'],
  ]);
  const snow = gradient([
    [0, '#ffffff'],
    [1, '#d9e6f2'],
  ]);
  return svg(
    [sky.def, snow.def],
    [
      rect(sky.fill),
      cloud(880, 160, 1.2, '#ffffff', 0.8),
      polygon(
        [
          [0, 620],
          [260, 170],
          [430, 380],
          [640, 110],
          [880, 420],
          [1040, 250],
          [W, 430],
          [W, 620],
        ],
        '#6b7f99',
      ),
      polygon(
        [
          [200, 270],
          [260, 170],
          [320, 260],
          [290, 250],
          [260, 290],
          [230, 255],
        ],
        snow.fill,
      ),
      polygon(
        [
          [560, 230],
          [640, 110],
          [730, 250],
          [690, 235],
          [650, 280],
          [610, 240],
        ],
        snow.fill,
      ),
      polygon(
        [
          [990, 320],
          [1040, 250],
          [1100, 330],
          [1065, 320],
          [1040, 350],
        ],
        snow.fill,
      ),
      ridge({ seed: 29, base: 700, height: 160, peaks: 5, smooth: true, fill: '#e9f1f8' }),
      ...Array.from({ length: 8 }, (_, i) => pine(700 + i * 60, 760 - (i % 2) * 14, 120, '#2c4a3c')),
    ],
  );
}

function lighthouseCoast() {
  const sky = gradient([
    [0, '#7fb6e0'],
    [1, '#e6f2f8'],
  ]);
  const sea = gradient([
    [0, '#3d83b5'],
    [1, '#1d4d74'],
  ]);
  const stripes = [0, 1, 2, 3].map((i) =>
    polygon(
      [
        [842 + i * 2, 200 + i * 70],
        [918 - i * 2, 200 + i * 70],
        [921 - i * 2, 235 + i * 70],
        [839 + i * 2, 235 + i * 70],
      ],
      '#c8372d',
    ),
  );
  return svg(
    [sky.def, sea.def],
    [
      rect(sky.fill),
      cloud(120, 120, 1),
      cloud(420, 200, 0.6),
      rect(sea.fill, 0, 470, W, 330),
      glints(51, 350, 480, 800, '#ffffff', 700),
      polygon(
        [
          [1200, 800],
          [640, 800],
          [700, 560],
          [780, 470],
          [1200, 450],
        ],
        '#5a6b3e',
      ),
      polygon(
        [
          [1200, 800],
          [700, 800],
          [740, 620],
          [800, 540],
          [1200, 520],
        ],
        '#6f5a42',
      ),
      polygon(
        [
          [840, 470],
          [920, 470],
          [905, 190],
          [855, 190],
        ],
        '#f4f1ea',
      ),
      ...stripes,
      rect('#2c3440', 845, 160, 70, 32),
      polygon(
        [
          [840, 160],
          [920, 160],
          [880, 120],
        ],
        '#2c3440',
      ),
      rect('#ffe27a', 860, 166, 40, 20),
      polygon(
        [
          [880, 176],
          [380, 110],
          [380, 250],
        ],
        '#fff6c8',
        'opacity="0.35"',
      ),
      path(
        'M0 560 q60 -14 120 0 t120 0 t120 0 t120 0 t120 0',
        'none',
        'stroke="#ffffff" stroke-width="4" opacity="0.5"',
      ),
    ],
  );
}

function hotAirBalloons() {
  const sky = gradient([
    [0, '#8ec5ff'],
    [1, '#fde3c2'],
  ]);
  const balloon = (x, y, s, a, b) =>
    `<g transform="translate(${x} ${y}) scale(${s})">${path('M0 -120 C90 -120 100 -20 20 50 L-20 50 C-100 -20 -90 -120 0 -120 Z', a)}${path('M0 -120 C35 -120 40 -20 8 50 L-8 50 C-40 -20 -35 -120 0 -120 Z', b)}${path('M-20 50 L-14 80 M20 50 L14 80', 'none', 'stroke="#5a4636" stroke-width="3"')}${rect('#7a5a3a', -16, 80, 32, 24, 'rx="4"')}</g>`;
  return svg(
    [sky.def],
    [
      rect(sky.fill),
      cloud(900, 120, 1.1),
      cloud(100, 250, 0.7),
      ridge({ seed: 61, base: 640, height: 120, peaks: 4, smooth: true, fill: '#7fae6a' }),
      ridge({ seed: 63, base: 720, height: 90, peaks: 3, smooth: true, fill: '#5d9150' }),
      balloon(330, 300, 1.4, '#e2483d', '#f7c948'),
      balloon(760, 200, 1, '#3f7fd9', '#ffffff'),
      balloon(1000, 420, 0.7, '#8e4fd1', '#f28bb5'),
      balloon(560, 480, 0.5, '#f39b2f', '#2f9d8f'),
    ],
  );
}

function windmillHills() {
  const sky = gradient([
    [0, '#a6d6f4'],
    [1, '#f1f8fc'],
  ]);
  const blades = [0, 90, 180, 270]
    .map(
      (angle) =>
        `<rect x="-10" y="-170" width="20" height="170" fill="#f4efe3" stroke="#8c7a64" stroke-width="3" transform="rotate(${angle + 20})"/>`,
    )
    .join('');
  return svg(
    [sky.def],
    [
      rect(sky.fill),
      cloud(200, 150, 1),
      cloud(700, 90, 0.7),
      cloud(1000, 200, 0.9),
      ridge({ seed: 71, base: 560, height: 110, peaks: 3, smooth: true, fill: '#9ccc65' }),
      polygon(
        [
          [760, 560],
          [800, 300],
          [860, 300],
          [900, 560],
        ],
        '#d8cbb3',
      ),
      polygon(
        [
          [790, 300],
          [830, 250],
          [870, 300],
        ],
        '#8c5a3c',
      ),
      rect('#6b4a32', 815, 480, 30, 80),
      `<g transform="translate(830 300)">${blades}${circle(0, 0, 14, '#5a4636')}</g>`,
      ridge({ seed: 73, base: 680, height: 120, peaks: 3, smooth: true, fill: '#7cb342' }),
      ridge({ seed: 79, base: 780, height: 90, peaks: 4, smooth: true, fill: '#558b2f' }),
      ...Array.from({ length: 5 }, (_, i) => roundTree(90 + i * 80, 700 + (i % 2) * 10, 110, '#3f7a2a')),
    ],
  );
}

function northernLights() {
  const sky = gradient([
    [0, '#050b1f'],
    [1, '#163a4f'],
  ]);
  const aurora = gradient(
    [
      [0, '#5dffb0', 0],
      [0.5, '#5dffb0', 0.65],
      [1, '#3fa2ff', 0],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  );
  const violet = gradient([
    [0, '#b57bff', 0],
    [0.5, '#b57bff', 0.45],
    [1, '#5dffb0', 0],
  ]);
  return svg(
    [sky.def, aurora.def, violet.def],
    [
      rect(sky.fill),
      stars(19, 200, 520),
      path(
        'M-50 330 C200 120 380 420 620 220 S1000 160 1250 300 L1250 420 C1000 280 820 380 620 340 S200 300 -50 440 Z',
        aurora.fill,
      ),
      path(
        'M-50 240 C260 90 420 300 700 140 S1050 120 1250 200 L1250 270 C1000 200 860 300 640 240 S220 220 -50 320 Z',
        violet.fill,
      ),
      ridge({ seed: 83, base: 640, height: 140, peaks: 5, fill: '#0c1626' }),
      rect('#dfe9f2', 0, 660, W, 140),
      ridge({ seed: 89, base: 700, height: 40, peaks: 6, smooth: true, fill: '#eef4f9' }),
      rect('#3a2a20', 820, 600, 150, 90),
      polygon(
        [
          [805, 605],
          [895, 545],
          [985, 605],
        ],
        '#2a1e18',
      ),
      rect('#ffcf6b', 845, 630, 30, 26),
      rect('#ffcf6b', 910, 630, 30, 26),
      ...Array.from({ length: 7 }, (_, i) => pine(80 + i * 70, 690 - (i % 2) * 10, 150 + (i % 3) * 20, '#0f2a22')),
    ],
  );
}

export const sampleScenes = [
  { name: 'harbor-at-dawn', draw: harborAtDawn },
  { name: 'mountain-lake', draw: mountainLake },
  { name: 'desert-mesa-sunset', draw: desertMesa },
  { name: 'city-at-night', draw: cityAtNight },
  { name: 'autumn-forest-path', draw: autumnPath },
  { name: 'workshop-motorcycle', draw: workshopMotorcycle },
  { name: 'chess-endgame', draw: chessEndgame },
  { name: 'concert-stage', draw: concertStage },
  { name: 'snowy-peaks', draw: snowyPeaks },
  { name: 'lighthouse-coast', draw: lighthouseCoast },
  { name: 'hot-air-balloons', draw: hotAirBalloons },
  { name: 'windmill-hills', draw: windmillHills },
  { name: 'northern-lights', draw: northernLights },
];

export { H, W };
