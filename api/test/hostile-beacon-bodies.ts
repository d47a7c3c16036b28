import { beaconLimits } from '@portfolio/contracts/field-events';
/** A valid beacon body: a page view's proof (from a page the site sent) and a few events. */
export const validBatch = (proof: string) => ({
  proof,
  events: [
    { kind: 'view', route: 'home' },
    { kind: 'vital', route: 'home', name: 'LCP', value: 1800 },
  ],
});

/** A small seeded generator, so that a failing body can be found again. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const oddValues: unknown[] = [
  null,
  true,
  -1,
  -0.5,
  1e308,
  -1e308,
  '1800',
  'NaN',
  [],
  {},
  { $gt: 0 },
  '',
  'x'.repeat(5000),
  '\u0000',
  'line\nbreak',
  'see https://example.com/page?email=a@b.c',
  'at /api/x?token=1',
];

/**
 * About 200 bodies POST /api/rum must refuse with a 4xx, each with a good proof of a page view: broken JSON, wrong
 * types, numbers out of range (JSON has no NaN or Infinity: they come as text or as numbers too large), too many
 * events, too large, unknown metrics and routes, long strings, URLs with query strings, prototype keys, builds
 * named by the body, proofs of the wrong form, and wrong content types.
 */
export function hostileBeaconBodies(proof: string): Array<{ raw: string; contentType?: string }> {
  const { next, pick } = randomSource(20261125);
  const valid = validBatch(proof);
  const p = JSON.stringify(proof);
  const withEvent = (event: Record<string, unknown>) => JSON.stringify({ proof, events: [event] });
  const fixed = [
    '',
    '{',
    'null',
    '[]',
    '"text"',
    '0',
    '{}',
    `{"proof":${p}}`,
    '{"events":[{"kind":"view","route":"home"}]}',
    `{"proof":${p},"events":[]}`,
    `{"proof":${p},"events":[{"kind":"vital","route":"home","name":"LCP","value":NaN}]}`,
    `{"proof":${p},"events":[{"kind":"vital","route":"home","name":"LCP","value":Infinity}]}`,
    `{"proof":${p},"events":[{"kind":"vital","route":"home","name":"LCP","value":1${'0'.repeat(400)}}]}`,
    `{"__proto__":{"polluted":true},"proof":${p},"events":[{"kind":"view","route":"home"}]}`,
    `{"constructor":{"prototype":{"polluted":true}},"proof":${p},"events":[{"kind":"view","route":"home"}]}`,
    `{"proof":{"__proto__":"x"},"events":[{"kind":"view","route":"home"}]}`,
    `{"proof":${p},"events":[{"kind":"view","route":"home","__proto__":{"polluted":true}}]}`,
    `{"proof":${p},"events":[{"kind":"view","route":"__proto__"}]}`,
    `{"proof":${p},"events":[{"kind":"view","route":"home"}]}garbage`,
    `${'['.repeat(3000)}${']'.repeat(3000)}`,
    withEvent({ kind: 'vital', route: 'home', name: 'FID', value: 10 }),
    withEvent({ kind: 'vital', route: 'home', name: 'CLS', value: 51 }),
    withEvent({ kind: 'vital', route: 'home', name: 'INP', value: 60_001 }),
    withEvent({ kind: 'vital', route: 'owner-inbox', name: 'LCP', value: 10 }),
    withEvent({ kind: 'vital', route: 'home', name: 'LCP', value: 10, target: 't'.repeat(101) }),
    withEvent({ kind: 'error', route: 'home', message: 'm'.repeat(201) }),
    withEvent({ kind: 'error', route: 'home', message: '' }),
    withEvent({ kind: 'section-failed', route: 'home', section: 'shell' }),
    withEvent({ kind: 'conversion', route: 'home', name: 'bought-a-car' }),
    withEvent({ kind: 'click', route: 'home' }),
    withEvent({ kind: 'view', route: 'home', ip: '203.0.113.9' }),
    JSON.stringify({ ...valid, userAgent: 'Mozilla/5.0' }),
    // the builds come from the proof: a body naming any is refused, known or not
    JSON.stringify({ ...valid, builds: { home: 'x'.repeat(65) } }),
    JSON.stringify({ ...valid, builds: { home: 'aaaaaaaaaaaa' } }),
    JSON.stringify({ ...valid, builds: { shell: 'aaaa' } }),
    JSON.stringify({ ...valid, proof: `${proof}.extra` }),
    JSON.stringify({ ...valid, proof: proof.replace('.', '') }),
    JSON.stringify({ ...valid, proof: `${proof} ` }),
    JSON.stringify({ ...valid, proof: 'x'.repeat(2000) }),
    JSON.stringify({ ...valid, proof: null }),
    JSON.stringify({ proof, events: Array.from({ length: 11 }, () => ({ kind: 'view', route: 'home' })) }),
    // over the size cap, though it is valid JSON with valid events: no valid batch is this large but with padding
    `{${' '.repeat(beaconLimits.bodyBytes)}${JSON.stringify(valid).slice(1)}`,
    'x'.repeat(beaconLimits.bodyBytes + 1),
  ];
  const bodies: Array<{ raw: string; contentType?: string }> = fixed.map((raw) => ({ raw }));
  for (const contentType of [
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'text/html',
    'application/json; charset=utf-7',
  ]) {
    bodies.push({ raw: JSON.stringify(valid), contentType });
  }
  while (bodies.length < 200) {
    const kind = next();
    const event = { ...pick(valid.events) } as Record<string, unknown>;
    if (kind < 0.4) {
      // one field of an event replaced by something odd, or an extra field
      // (not `target`: some odd values are fine text there)
      event[pick(['kind', 'route', 'name', 'value', 'message', 'section', 'extra'])] = pick(oddValues);
      bodies.push({ raw: JSON.stringify({ proof, events: [event] }) });
    } else if (kind < 0.55) {
      bodies.push({ raw: JSON.stringify({ proof: pick(oddValues), events: [event] }) });
    } else if (kind < 0.7) {
      const length = 1 + Math.floor(next() * 300);
      bodies.push({ raw: Array.from({ length }, () => String.fromCharCode(Math.floor(next() * 256))).join('') });
    } else {
      // valid JSON cut short or with a byte flipped (to another: a quote put for a quote would leave it valid)
      const text = JSON.stringify(valid);
      const at = Math.floor(next() * (text.length - 1));
      const flipped = pick(['"', '{', '\\', ','].filter((byte) => byte !== text[at]));
      bodies.push({ raw: next() < 0.5 ? text.slice(0, at) : `${text.slice(0, at)}${flipped}${text.slice(at + 1)}` });
    }
  }
  return bodies;
}
