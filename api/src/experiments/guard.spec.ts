import { guardBudget, guardDecision, GuardEvidence, slowAfterValues } from './guard.js';

const noMargins = { marginsMs: { LCP: 0, INP: 0 } };

describe('guardDecision: errors', () => {
  // sequential-tests.reference.py: with none on live, the errors guardrail (c = 5, 3 % of the budget) reaches
  // 1 / 0.03 at the 9th candidate visitor with an error at a 50 % share (e = 35.16), the 4th at 10 %, the 2nd at 1 %
  it.each([
    [0.5, 9],
    [0.1, 4],
    [0.01, 2],
  ])('stops a candidate whose visitors all meet an error: at a %p share, with its %p visitors', (share, stopsAt) => {
    const evidence = new GuardEvidence(noMargins);
    // live's visitors, fewer than the share says, none with an error: only who met errors counts
    evidence.visitors(share, false, 40, 0);
    for (let visitor = 1; visitor < stopsAt; visitor++) {
      evidence.visitors(share, true, 1, 1);
      expect(guardDecision(evidence).stop).toBeNull();
    }
    evidence.visitors(share, true, 1, 1);
    const reading = guardDecision(evidence);
    expect(reading.stop).toMatch(
      new RegExp(
        `^the candidate's visitors met errors more often than live's: ${stopsAt} of its ${stopsAt} visitors against 0 of 40 ` +
          `\\(evidence [\\d.]+, the guard stops at 33\\.3\\)$`,
      ),
    );
    expect(reading.guardrails.errors.needed).toBeCloseTo(1 / guardBudget.errors, 10);
  });

  it('never stops for fewer errors on the candidate, however many', () => {
    const evidence = new GuardEvidence(noMargins);
    evidence.visitors(0.5, false, 5000, 400);
    evidence.visitors(0.5, true, 5000, 0);
    expect(guardDecision(evidence).stop).toBeNull();
    expect(guardDecision(evidence).guardrails.errors.evidence).toBeLessThan(0.01);
  });
});

describe('guardDecision: a sample ratio mismatch', () => {
  it('says it in plain words at an e-value of 1,000 (reference: 62 against 138 at 50 % is 10,043; 31 against 69 is 27)', () => {
    const evidence = new GuardEvidence(noMargins);
    evidence.visitors(0.5, true, 31, 0);
    evidence.visitors(0.5, false, 69, 0);
    expect(guardDecision(evidence).mismatch).toBeNull();
    evidence.visitors(0.5, true, 31, 0);
    evidence.visitors(0.5, false, 69, 0);
    const reading = guardDecision(evidence);
    expect(reading.mismatchEvidence).toBeCloseTo(10043.11569, 2);
    expect(reading.mismatch).toBe(
      'the candidate gets 31 % of measured visits but was assigned 50 %: the results may be biased',
    );
    expect(reading.stop).toBeNull();
  });

  it('weighs the assigned share by each share period, and never keeps a harm stop from stopping', () => {
    const evidence = new GuardEvidence(noMargins);
    evidence.visitors(0.1, true, 10, 10);
    evidence.visitors(0.1, false, 190, 0);
    evidence.visitors(0.3, true, 20, 0);
    evidence.visitors(0.3, false, 280, 0);
    const reading = guardDecision(evidence);
    // 30 of 500 measured, against (200 * 10 % + 300 * 30 %) / 500 = 22 % assigned
    expect(reading.assignedShare).toBeCloseTo(0.22, 10);
    expect(reading.measuredShare).toBeCloseTo(0.06, 10);
    expect(reading.mismatch).toBe(
      'the candidate gets 6 % of measured visits but was assigned 22 %: the results may be biased',
    );
    expect(reading.stop).toMatch(/^the candidate's visitors met errors more often/);
  });
});

describe('guardDecision: vitals', () => {
  it("reads each variant's p75 within 1 % of the exact one (nearest rank)", () => {
    const evidence = new GuardEvidence(noMargins);
    const live = Array.from({ length: 400 }, (_, index) => 300 + index * 7);
    const candidate = Array.from({ length: 200 }, (_, index) => 900 + index * 13);
    live.forEach((value, index) => {
      evidence.vital('LCP', 0.5, false, value);
      if (index < candidate.length) evidence.vital('LCP', 0.5, true, candidate[index]!);
    });
    const nearest = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;
    const { p75 } = guardDecision(evidence).guardrails.LCP;
    expect(Math.abs(p75!.live! / nearest(live) - 1)).toBeLessThan(0.01);
    expect(Math.abs(p75!.candidate! / nearest(candidate) - 1)).toBeLessThan(0.01);
    expect(Math.abs(p75!.both! / nearest([...live, ...candidate]) - 1)).toBeLessThan(0.01);
  });

  it('counts a value as slow above the p75 of the values before it, once there are enough of them', () => {
    const evidence = new GuardEvidence(noMargins);
    for (let index = 0; index < slowAfterValues; index++) evidence.vital('INP', 0.5, false, 100);
    const { INP } = guardDecision(evidence).guardrails;
    expect([INP.live.visitors, INP.candidate.visitors]).toEqual([0, 0]);
    evidence.vital('INP', 0.5, true, 150);
    evidence.vital('INP', 0.5, false, 100);
    const after = guardDecision(evidence).guardrails.INP;
    expect([after.candidate.events, after.candidate.visitors, after.live.events, after.live.visitors]).toEqual([
      1, 1, 0, 1,
    ]);
  });

  it("takes the margin off the candidate's values: worse by less than it is no harm, by more is", () => {
    const run = (marginMs: number) => {
      const evidence = new GuardEvidence({ marginsMs: { LCP: marginMs, INP: 0 } });
      for (let index = 0; index < 600; index++) {
        const value = 1000 + ((index * 37) % 100) * 10;
        evidence.vital('LCP', 0.5, false, value);
        evidence.vital('LCP', 0.5, true, value + 400);
      }
      return guardDecision(evidence);
    };
    const within = run(500);
    expect(within.guardrails.LCP.candidate.events).toBeLessThan(within.guardrails.LCP.live.events);
    expect(within.stop).toBeNull();
    expect(run(0).stop).toMatch(/^the candidate's p75 LCP/);
  });

  it('stops a candidate whose LCP is a second worse, with the p75s in its sentence', () => {
    const evidence = new GuardEvidence(noMargins);
    let stop: string | null = null;
    for (let index = 0; index < 300 && !stop; index++) {
      const spread = (index * 37) % 100;
      evidence.vital('LCP', 0.5, false, 1500 + spread * 10);
      evidence.vital('LCP', 0.5, true, 2500 + spread * 10);
      stop = guardDecision(evidence).stop;
    }
    expect(stop).toMatch(
      /^the candidate's p75 LCP was 3,[0-9]{3} ms against live's 2,[0-9]{3} ms: \d+ of its \d+ visitors above the common p75 against 0 of \d+ \(evidence [\d.]+, the guard stops at 100\)$/,
    );
  });
});
