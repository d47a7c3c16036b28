import { endOf, endReasonOf, type EndKind } from './experiments.js';

describe("an experiment's end reason", () => {
  it('reads back what endReasonOf writes, with and without a why', () => {
    const kinds: EndKind[] = ['ended', 'promoted', 'stopped', 'rolled back'];
    for (const kind of kinds) {
      expect(endOf(endReasonOf(kind))).toEqual({ kind, why: null });
      expect(endOf(endReasonOf(kind, 'errors: 6 of 6 visitors'))).toEqual({ kind, why: 'errors: 6 of 6 visitors' });
    }
  });

  it('keeps a why that holds a colon or a line break whole', () => {
    const why = 'LCP: p75 3,100 ms against 2,400 ms\nat step 1';
    expect(endOf(endReasonOf('stopped', why))).toEqual({ kind: 'stopped', why });
  });

  it('reads a reason it does not know as an end whose why is the reason', () => {
    expect(endOf('paused forever')).toEqual({ kind: 'ended', why: 'paused forever' });
    expect(endOf('stoppedx')).toEqual({ kind: 'ended', why: 'stoppedx' });
  });
});
