// Small SVG drawing helpers for the sample photos: skies, ridges, water, trees, clouds, stars.
// Every scene is 1200 x 800 (3:2), the shape the gallery reserves for its photos.

export const W = 1200;
export const H = 800;

/** A repeatable pseudo-random sequence, so re-running the generator draws the same pictures. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

let gradientCount = 0;
/** A linear gradient definition plus the fill that uses it. */
export function gradient(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) {
  const id = `g${(gradientCount += 1)}`;
  const stopTags = stops.map(
    ([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
  );
  return {
    def: `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopTags.join('')}</linearGradient>`,
    fill: `url(#${id})`,
  };
}

export function radial(stops, { cx = 0.5, cy = 0.5, r = 0.5 } = {}) {
  const id = `g${(gradientCount += 1)}`;
  const stopTags = stops.map(
    ([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
  );
  return {
    def: `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopTags.join('')}</radialGradient>`,
    fill: `url(#${id})`,
  };
}

/** The whole picture: gradient definitions first, then the shapes back to front. */
export function svg(defs, shapes) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><defs>${defs.join('')}</defs>${shapes.join('')}</svg>`;
}

export const rect = (fill, x = 0, y = 0, w = W, h = H, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
export const circle = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
export const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
export const polygon = (points, fill, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}" ${extra}/>`;

/** A mountain or hill line across the picture, filled down to the bottom edge. */
export function ridge({ seed, base, height, peaks = 6, roughness = 0.35, smooth = false, fill, bottom = H }) {
  const next = random(seed);
  const points = [];
  const steps = peaks * 2;
  for (let i = 0; i <= steps; i += 1) {
    const x = (W / steps) * i;
    const peak = i % 2 === 0 ? 1 : 1 - roughness - next() * 0.4;
    points.push([x, base - height * peak * (0.55 + next() * 0.45)]);
  }
  if (!smooth) return polygon([[0, bottom], ...points, [W, bottom]], fill);
  let d = `M0 ${bottom} L${points[0][0]} ${points[0][1].toFixed(1)}`;
  for (let i = 1; i < points.length; i += 1) {
    const [px, py] = points[i - 1];
    const [x, y] = points[i];
    d += ` C${(px + (x - px) / 2).toFixed(1)} ${py.toFixed(1)} ${(px + (x - px) / 2).toFixed(1)} ${y.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  return path(`${d} L${W} ${bottom} Z`, fill);
}

/** A soft cloud made of overlapping ellipses. */
export function cloud(x, y, scale, fill = '#ffffff', opacity = 0.9) {
  const puffs = [
    [0, 0, 60, 34],
    [50, -18, 54, 40],
    [100, 0, 62, 32],
    [40, 14, 80, 26],
  ];
  return `<g opacity="${opacity}">${puffs
    .map(
      ([dx, dy, rx, ry]) =>
        `<ellipse cx="${x + dx * scale}" cy="${y + dy * scale}" rx="${rx * scale}" ry="${ry * scale}" fill="${fill}"/>`,
    )
    .join('')}</g>`;
}

export function stars(seed, count, maxY, color = '#ffffff') {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    circle(
      (next() * W).toFixed(1),
      (next() * maxY).toFixed(1),
      (0.8 + next() * 1.8).toFixed(1),
      color,
      `opacity="${(0.4 + next() * 0.6).toFixed(2)}"`,
    ),
  ).join('');
}

/** A pine tree: trunk and three stacked triangles. */
export function pine(x, baseY, size, fill, trunk = '#3b2a1e') {
  const tiers = [0, 1, 2].map((tier) => {
    const top = baseY - size * (1 - tier * 0.22);
    const half = size * (0.2 + tier * 0.07);
    const bottom = baseY - size * (0.45 - tier * 0.2);
    return polygon(
      [
        [x, top],
        [x - half, bottom],
        [x + half, bottom],
      ],
      fill,
    );
  });
  return rect(trunk, x - size * 0.03, baseY - size * 0.1, size * 0.06, size * 0.1) + tiers.reverse().join('');
}

/** A round deciduous tree. */
export function roundTree(x, baseY, size, fill, trunk = '#4a3426') {
  return (
    rect(trunk, x - size * 0.05, baseY - size * 0.5, size * 0.1, size * 0.5) +
    circle(x, baseY - size * 0.75, size * 0.38, fill) +
    circle(x - size * 0.22, baseY - size * 0.6, size * 0.26, fill) +
    circle(x + size * 0.24, baseY - size * 0.62, size * 0.27, fill)
  );
}

/** Horizontal glints on water, in a column under a light source. */
export function glints(seed, cx, top, bottom, color, spread = 160) {
  const next = random(seed);
  const lines = [];
  for (let y = top + 6; y < bottom; y += 9 + next() * 10) {
    const width = (20 + next() * 90) * (1 - ((y - top) / (bottom - top)) * 0.3);
    const x = cx + (next() - 0.5) * spread * ((y - top) / (bottom - top) + 0.4);
    lines.push(
      rect(
        color,
        (x - width / 2).toFixed(1),
        y.toFixed(1),
        width.toFixed(1),
        3,
        `rx="1.5" opacity="${(0.35 + next() * 0.5).toFixed(2)}"`,
      ),
    );
  }
  return lines.join('');
}
