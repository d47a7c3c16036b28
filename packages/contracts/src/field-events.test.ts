import { checkRumBatch } from './field-events-schema.js';
import { rumLimits } from './field-events.js';

describe('rumLimits: a batch the API accepts always fits its body limit', () => {
  it('fits with the longest proof and events whose text takes the most bytes JSON can spend on it', () => {
    // a lone surrogate is written \udXXX (6 bytes); the API accepts it (printable, not a control character)
    const longest = '\ud800'.repeat(rumLimits.messageChars);
    const batch = {
      proof: `${'p'.repeat(rumLimits.proofChars - 2)}.x`,
      events: Array.from({ length: rumLimits.events }, () => ({
        kind: 'error',
        route: 'project',
        message: longest,
      })),
    };
    expect(checkRumBatch(batch).ok).toBe(true);
    const bytes = Buffer.byteLength(JSON.stringify(batch));
    expect(bytes).toBeGreaterThan(rumLimits.events * 6 * rumLimits.messageChars); // the escapes were counted
    expect(bytes).toBeLessThanOrEqual(rumLimits.bodyBytes);
  });

  it('refuses one event more than a batch holds', () => {
    const events = Array.from({ length: rumLimits.events + 1 }, () => ({ kind: 'view', route: 'home' }));
    expect(checkRumBatch({ proof: 'a.b', events }).ok).toBe(false);
  });

  it('refuses a batch without a proof, with a proof too long or not of its form, or naming its builds', () => {
    const events = [{ kind: 'view', route: 'home' }];
    expect(checkRumBatch({ proof: 'a.b', events }).ok).toBe(true);
    for (const proof of [undefined, '', 'ab', 'a.b.c', 'a b.c', `${'p'.repeat(rumLimits.proofChars - 1)}.x`, 12])
      expect(checkRumBatch({ proof, events }).ok).toBe(false);
    expect(checkRumBatch({ proof: 'a.b', builds: { home: 'abc' }, events }).ok).toBe(false);
  });
});
