import { errorVerdict } from './experiment-verdicts.js';

describe('experiment verdicts', () => {
  it('says how many visits are still needed, then which variant has fewer errors and how surely', () => {
    expect(errorVerdict({ events: 0, visitors: 40 }, { events: 0, visitors: 12 }, 100)).toBe(
      'not enough visits yet: 12 of the 100 needed',
    );
    // SciPy: P(candidate's rate < live's) = 0.9592 for 18 of 1000 against 30 of 1000
    expect(errorVerdict({ events: 30, visitors: 1000 }, { events: 18, visitors: 1000 }, 100)).toBe(
      'the candidate has fewer errors with 96 % probability',
    );
    expect(errorVerdict({ events: 18, visitors: 1000 }, { events: 30, visitors: 1000 }, 100)).toBe(
      'the candidate has more errors with 96 % probability',
    );
  });
});
