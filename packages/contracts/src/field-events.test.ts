import { checkFieldBatch } from './field-events-schema.js';
import { beaconLimits } from './field-events.js';

describe('beaconLimits: a batch the API accepts always fits its body limit', () => {
  it('fits with the longest proof and events whose text takes the most bytes JSON can spend on it', () => {
    // a lone surrogate is written \udXXX (6 bytes); the API accepts it (printable, not a control character)
    const longest = '\ud800'.repeat(beaconLimits.messageChars);
    const batch = {
      proof: `${'p'.repeat(beaconLimits.proofChars - 2)}.x`,
      events: Array.from({ length: beaconLimits.events }, () => ({
        kind: 'error',
        route: 'project',
        message: longest,
        stack: '\ud800'.repeat(beaconLimits.stackChars),
      })),
    };
    expect(checkFieldBatch(batch).ok).toBe(true);
    const bytes = Buffer.byteLength(JSON.stringify(batch));
    expect(bytes).toBeGreaterThan(beaconLimits.events * 6 * (beaconLimits.messageChars + beaconLimits.stackChars)); // the escapes were counted
    expect(bytes).toBeLessThanOrEqual(beaconLimits.bodyBytes);
  });

  it('takes a stack of lines, and refuses one too long, with another control character or a query string', () => {
    const error = (stack: unknown) => ({
      proof: 'a.b',
      events: [{ kind: 'error', route: 'about', message: 'TypeError: x', stack }],
    });
    expect(checkFieldBatch(error('TypeError: x\n    at f (https://s.example/sections/about/0123/a.js:1:2)')).ok).toBe(
      true,
    );
    for (const stack of [
      'x'.repeat(beaconLimits.stackChars + 1),
      'a\tb',
      'a\u0000b',
      'at https://s.example/p?email=a@b.c:1:2',
      12,
    ])
      expect(checkFieldBatch(error(stack)).ok).toBe(false);
  });

  it('refuses one event more than a batch holds', () => {
    const events = Array.from({ length: beaconLimits.events + 1 }, () => ({ kind: 'view', route: 'home' }));
    expect(checkFieldBatch({ proof: 'a.b', events }).ok).toBe(false);
  });

  it('refuses a batch without a proof, with a proof too long or not of its form, or naming its builds', () => {
    const events = [{ kind: 'view', route: 'home' }];
    expect(checkFieldBatch({ proof: 'a.b', events }).ok).toBe(true);
    for (const proof of [undefined, '', 'ab', 'a.b.c', 'a b.c', `${'p'.repeat(beaconLimits.proofChars - 1)}.x`, 12])
      expect(checkFieldBatch({ proof, events }).ok).toBe(false);
    expect(checkFieldBatch({ proof: 'a.b', builds: { home: 'abc' }, events }).ok).toBe(false);
  });
});
