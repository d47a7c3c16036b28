import { screen, within } from '@testing-library/react';
import type { ExperimentResults, GuardrailFigures, VariantResults } from '@portfolio/contracts/experiments';
import type { ErrorGroup, ErrorGroups } from '@portfolio/contracts/field-events';
import { ownerPaths } from '@portfolio/contracts/owner';
import { installFakeApi, renderOwnerPage, status } from './owner-test-kit';

const rate = { events: 0, visitors: 0, rate: null, low: null, high: null };
const variant = (build: string): VariantResults => ({
  build,
  visitors: 0,
  p75: { LCP: null, INP: null, CLS: null, TTFB: null },
  errors: rate,
  conversions: { 'contact-sent': rate, 'resume-downloaded': rate, 'door-followed': rate },
});
const guardrail = (fields: Partial<GuardrailFigures>): GuardrailFigures => ({
  evidence: 1,
  needed: 100,
  live: { events: 0, visitors: 0 },
  candidate: { events: 0, visitors: 0 },
  ...fields,
});
const mismatch = 'the candidate gets 31 % of measured visits but was assigned 50 %: the results may be biased';
const results: ExperimentResults = {
  experiment: {
    id: 7,
    section: 'about',
    candidateReleaseId: 'bbbbbbbbbbbbbbbb',
    candidateUrl: '/sections/about/bbbbbbbbbbbbbbbb/remoteEntry.js',
    liveUrl: '/sections/about/aaaaaaaaaaaaaaaa/remoteEntry.js',
    share: 50,
    minVisitors: 100,
    marginsMs: { LCP: 0, INP: 0 },
    startedAt: '2026-11-25T10:00:00.000Z',
    endedAt: null,
    endReason: null,
    mismatch,
    rollout: null,
    startedBy: 'the owner',
  },
  live: variant('aaaaaaaaaaaaaaaa'),
  candidate: variant('bbbbbbbbbbbbbbbb'),
  guard: {
    served: { live: 140, candidate: 141 },
    measuredShare: 0.31,
    assignedShare: 0.5,
    mismatch,
    guardrails: {
      errors: guardrail({
        evidence: 2.5,
        needed: 1 / 0.03,
        live: { events: 1, visitors: 138 },
        candidate: { events: 2, visitors: 62 },
      }),
      LCP: guardrail({ p75: { live: 1210, candidate: 1530, both: 1300 }, candidate: { events: 30, visitors: 60 } }),
      INP: guardrail({ evidence: 0.4 }),
    },
  },
  verdicts: {
    errors: 'not enough visits yet',
    conversions: { 'contact-sent': '', 'resume-downloaded': '', 'door-followed': '' },
  },
  hours: [],
};

const noErrors: ErrorGroups = {
  section: 'about',
  build: 'bbbbbbbbbbbbbbbb',
  liveBuild: 'aaaaaaaaaaaaaaaa',
  groups: [],
};
const group = (fields: Partial<ErrorGroup>): ErrorGroup => ({
  fingerprint: '0123456789abcdef',
  message: 'Error',
  frames: [],
  count: 1,
  visitors: 1,
  firstBuild: 'aaaaaaaaaaaaaaaa',
  firstSeen: '2026-11-25T10:00:00.000Z',
  newInRelease: false,
  ...fields,
});

describe("an experiment's results", () => {
  it("lists the candidate's errors by kind, new ones first, each where its source threw it; or says there are none", async () => {
    const groups = [
      group({
        fingerprint: 'aaaa000000000000',
        message: 'TypeError: Cannot read properties of undefined (reading <value>)',
        frames: [{ file: 'src/gallery.tsx', line: 2, column: 18, function: 'Gallery', mapped: true }],
        count: 41,
        visitors: 38,
        firstBuild: 'bbbbbbbbbbbbbbbb',
        newInRelease: true,
      }),
      group({ fingerprint: 'bbbb000000000000', message: 'Error: quota of <n> reached', count: 3, visitors: 2 }),
    ];
    installFakeApi({
      'GET owner/status': () => status(true),
      'GET owner/experiments/7/results': () => ({ body: results }),
      'GET owner/field-health/errors?section=about&build=bbbbbbbbbbbbbbbb': () => ({ body: { ...noErrors, groups } }),
    });
    renderOwnerPage(`${ownerPaths.experiments}/7`);
    const errors = await screen.findByRole('region', { name: "The candidate's errors" });
    const items = within(errors)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'UL')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'New in this releaseTypeError: Cannot read properties of undefined (reading <value>)src/gallery.tsx:2 in Gallery41 times, 38 page views; first seen in bbbbbbbbbbbbbbbb',
      "Error: quota of <n> reachedNo frame of the section's own code was reported.3 times, 2 page views; first seen in aaaaaaaaaaaaaaaa",
    ]);
    // the new one marked in the owner's own styles (the site's Bootstrap has no badge: theme.test.ts), the other not
    const [fresh, known] = within(errors)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'UL');
    expect(fresh).toHaveClass('newErrorGroup');
    expect(within(fresh!).getByText('New in this release')).toHaveClass('newError');
    expect(known).not.toHaveClass('newErrorGroup');
  });

  it('says when the candidate has reported no error', async () => {
    installFakeApi({
      'GET owner/status': () => status(true),
      'GET owner/experiments/7/results': () => ({ body: results }),
      'GET owner/field-health/errors?section=about&build=bbbbbbbbbbbbbbbb': () => ({ body: noErrors }),
    });
    renderOwnerPage(`${ownerPaths.experiments}/7`);
    const errors = await screen.findByRole('region', { name: "The candidate's errors" });
    expect(errors).toHaveTextContent("No JavaScript errors reported from the candidate's visitors yet.");
  });

  it("says a sample ratio mismatch in plain words, and the guard's figures per visitor", async () => {
    installFakeApi({
      'GET owner/status': () => status(true),
      'GET owner/experiments/7/results': () => ({ body: results }),
      'GET owner/field-health/errors?section=about&build=bbbbbbbbbbbbbbbb': () => ({ body: noErrors }),
    });
    renderOwnerPage(`${ownerPaths.experiments}/7`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Sample ratio mismatch: ${mismatch}.`);
    const guard = screen.getByRole('region', { name: 'The guard' });
    expect(guard).toHaveTextContent(
      'the server sent it to 140 on live and 141 on the candidate, and measurements came back from 138 and 62 of them',
    );
    const rows = within(guard)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'GuardrailLiveCandidateEvidence of harm',
      'Visitors with an error or failed load1 of 138 (0.7 %)2 of 62 (3.2 %)2.5 of 33.3',
      'LCP above the common p75p75 1,210 ms0 of 0p75 1,530 ms30 of 60 (50.0 %)1 of 100',
      'INP above the common p750 of 00 of 00.4 of 100',
    ]);
  });
});
