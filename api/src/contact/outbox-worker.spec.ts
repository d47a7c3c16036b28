import { retryDelayMs } from './outbox-worker.js';

describe('the outbox retry delays', () => {
  const outbox = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };

  it('waits the base delay after the first failure, then doubles', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, outbox))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000,
    ]);
  });

  it('never waits longer than the maximum, however many tries failed', () => {
    expect(retryDelayMs(8, outbox)).toBe(3_600_000); // 30 s * 2^7 = 64 min, capped at 60
    expect(retryDelayMs(7, outbox)).toBe(1_920_000);
    expect(retryDelayMs(1_000, outbox)).toBe(3_600_000);
  });

  it('follows other settings, and a maximum below the base wins', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, { retryBaseMs: 100, retryMaxMs: 400 }))).toEqual([
      100, 200, 400, 400,
    ]);
    expect(retryDelayMs(1, { retryBaseMs: 500, retryMaxMs: 200 })).toBe(200);
  });
});
