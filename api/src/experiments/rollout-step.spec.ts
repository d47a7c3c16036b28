import { rolloutDecision, stepWords, type RolloutLook, type RolloutSchedule } from './rollout-step.js';

const started = new Date('2026-11-27T10:00:00.000Z');
const minute = 60_000;
const schedule = (changes: Partial<RolloutSchedule> = {}): RolloutSchedule => ({
  steps: [5, 25, 50, 100],
  step: 0,
  holdMinutes: 60,
  stepVisitors: 50,
  stepStartedAt: started.toISOString(),
  pausedAt: null,
  ...changes,
});
/** A look an hour and a second after the step began, with its visitors come and nothing wrong. */
const look = (changes: Partial<RolloutLook> = {}): RolloutLook => ({
  schedule: schedule(),
  now: new Date(started.getTime() + 60 * minute + 1000),
  minuteMs: minute,
  visitorsThisStep: 50,
  mismatch: null,
  stop: null,
  ...changes,
});

describe('a rollout step decision', () => {
  it('begins the next step once the hold is over and the step had its visitors', () => {
    expect(rolloutDecision(look())).toEqual({ kind: 'advance', step: 1, share: 25 });
    expect(rolloutDecision(look({ schedule: schedule({ step: 1 }) }))).toEqual({ kind: 'advance', step: 2, share: 50 });
  });

  it('holds until the hold is over, to the millisecond, and counts a minute as minuteMs', () => {
    const holdEnd = started.getTime() + 60 * minute;
    expect(rolloutDecision(look({ now: new Date(holdEnd - 1) }))).toEqual({
      kind: 'hold',
      why: 'held until 2026-11-27T11:00:00.000Z',
    });
    expect(rolloutDecision(look({ now: new Date(holdEnd) })).kind).toBe('advance');
    // a test's minute of 10 ms: the hour's hold is 600 ms
    expect(rolloutDecision(look({ minuteMs: 10, now: new Date(started.getTime() + 599) })).kind).toBe('hold');
    expect(rolloutDecision(look({ minuteMs: 10, now: new Date(started.getTime() + 600) })).kind).toBe('advance');
  });

  it('holds past its hold until the step has had its new visitors on the candidate', () => {
    expect(rolloutDecision(look({ visitorsThisStep: 49 }))).toEqual({
      kind: 'hold',
      why: '49 of the 50 new visitors this step waits for',
    });
    expect(rolloutDecision(look({ visitorsThisStep: 0, schedule: schedule({ stepVisitors: 0 }) })).kind).toBe(
      'advance',
    );
  });

  it('promotes when the next step is the last: 100 % is never held', () => {
    expect(rolloutDecision(look({ schedule: schedule({ step: 2 }) }))).toEqual({ kind: 'promote', step: 3 });
    expect(rolloutDecision(look({ schedule: schedule({ steps: [50, 100] }) }))).toEqual({ kind: 'promote', step: 1 });
    // found at its last step (its promote decided, a replica stopped before it was done): promoted again, at once
    expect(rolloutDecision(look({ schedule: schedule({ step: 3 }), now: started, visitorsThisStep: 0 }))).toEqual({
      kind: 'promote',
      step: 3,
    });
  });

  it('holds while paused or while a sample ratio mismatch holds, whatever the hold and visitors say', () => {
    const paused = schedule({ pausedAt: new Date(started.getTime() + minute).toISOString() });
    expect(rolloutDecision(look({ schedule: paused }))).toEqual({ kind: 'hold', why: 'paused by the owner' });
    expect(rolloutDecision(look({ schedule: { ...paused, step: 2 } })).kind).toBe('hold');
    const mismatch = 'the candidate gets 2 % of measured visits but was assigned 5 %: the results may be biased';
    expect(rolloutDecision(look({ mismatch }))).toEqual({ kind: 'hold', why: mismatch });
    expect(rolloutDecision(look({ mismatch, schedule: schedule({ step: 2 }) })).kind).toBe('hold');
  });

  it("rolls back on the guard's stop at any step, paused, mismatched or held", () => {
    const stop = "the candidate's visitors met errors more often than live's";
    for (const changes of [
      {},
      { schedule: schedule({ pausedAt: started.toISOString() }) },
      { mismatch: 'a mismatch' },
      { now: started, visitorsThisStep: 0 },
      { schedule: schedule({ step: 2 }) },
    ])
      expect(rolloutDecision(look({ ...changes, stop }))).toEqual({ kind: 'roll back', why: stop });
  });

  it('says a step as the card does', () => {
    expect(stepWords([5, 25, 50, 100], 1)).toBe('step 2 of 4: 25 %');
  });
});
