import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { remotes } from '@portfolio/parts';
import type { Experiment } from '@portfolio/contracts/experiments';
import { ownerPaths, type SectionsOverview } from '@portfolio/contracts/owner';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import { installFakeApi, renderOwnerPage, status, type FakeApi } from './owner-test-kit';

const liveHealth = {
  url: '',
  ok: true,
  entryAnswers: true,
  routeIds: [],
  missingRouteIds: [],
  version: null,
  builtAt: null,
  problems: [],
};
const overview: SectionsOverview = {
  sections: remotes.map((remote) => ({
    name: remote.name,
    label: remote.label,
    liveUrl: `/sections/${remote.name}/aaaaaaaaaaaaaaaa/remoteEntry.js`,
    liveHealth,
    previousUrl: null,
    liveReleaseId: 'aaaaaaaaaaaaaaaa',
  })),
  history: [],
  storage: 'database',
};
const release = (id: string, live: boolean): SectionRelease => ({
  section: 'about',
  id,
  version: `v-${id.slice(0, 4)}`,
  builtAt: null,
  uploadedAt: '2026-11-25T09:00:00.000Z',
  uploadedBy: { kind: 'owner' },
  note: null,
  checks: [],
  diskBytes: 4096,
  ok: true,
  entryUrl: `/sections/about/${id}/remoteEntry.js`,
  live,
  livePeriods: live ? [{ from: '2026-11-25T09:00:00.000Z', until: null }] : [],
});
const experiment = (fields: Partial<Experiment>): Experiment => ({
  id: 7,
  section: 'about',
  candidateReleaseId: 'bbbbbbbbbbbbbbbb',
  candidateUrl: '/sections/about/bbbbbbbbbbbbbbbb/remoteEntry.js',
  liveUrl: '/sections/about/aaaaaaaaaaaaaaaa/remoteEntry.js',
  share: 20,
  minVisitors: 100,
  marginsMs: { LCP: 0, INP: 0 },
  startedAt: '2026-11-25T10:00:00.000Z',
  endedAt: null,
  endReason: null,
  mismatch: null,
  rollout: null,
  startedBy: 'the owner',
  ...fields,
});

function site(experiments: Experiment[], extra: FakeApi = {}) {
  return installFakeApi({
    'GET owner/status': () => status(true),
    'GET owner/sections': () => ({ body: overview }),
    'GET owner/experiments': () => ({ body: experiments }),
    'GET owner/deploy-tokens': () => ({ body: [] }),
    'GET owner/sections/about/releases': () => ({
      body: [release('bbbbbbbbbbbbbbbb', false), release('aaaaaaaaaaaaaaaa', true)],
    }),
    ...extra,
  });
}

const aboutCard = () => screen.findByRole('region', { name: 'About section' });

describe("a section card's experiment", () => {
  it('starts one with a release that is not live and the share typed', async () => {
    const calls = site([], { 'POST owner/sections/about/experiment': () => ({ status: 201, body: experiment({}) }) });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    const picker = await within(card).findByLabelText('Candidate release');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['bbbbbbbbbbbbbbbb']);
    const share = within(card).getByLabelText('Share of visitors (%)');
    await userEvent.clear(share);
    await userEvent.type(share, '60');
    await userEvent.click(within(card).getByRole('button', { name: 'Start experiment' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Give a share of visitors from 1 to 50 %.');
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.click(within(card).getByRole('button', { name: 'Start experiment' }));
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Started'));
    expect(calls.find((call) => call.call === 'POST owner/sections/about/experiment')?.body).toEqual({
      releaseId: 'bbbbbbbbbbbbbbbb',
      share: 25,
    });
  });

  it('shows a running one with its share, Change share, End experiment and Promote candidate', async () => {
    const calls = site([experiment({})], {
      'POST owner/experiments/7/share': () => ({ body: experiment({ share: 30 }) }),
      'POST owner/experiments/7/end': () => ({ body: experiment({ endedAt: '2026-11-25T11:00:00.000Z' }) }),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    expect(await within(card).findByText('Running')).toBeInTheDocument();
    expect(card).toHaveTextContent('20 % of visitors get release bbbbbbbbbbbbbbbb');
    expect(within(card).getByRole('link', { name: 'Results' })).toHaveAttribute('href', `${ownerPaths.experiments}/7`);
    expect(within(card).getByRole('button', { name: 'Promote candidate' })).toBeInTheDocument();
    const share = within(card).getByLabelText('Share of visitors (%)');
    await userEvent.clear(share);
    await userEvent.type(share, '30');
    await userEvent.click(within(card).getByRole('button', { name: 'Change share' }));
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Share changed'));
    await userEvent.click(within(card).getByRole('button', { name: 'End experiment' }));
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Ended'));
    const sent = calls.filter((call) => call.call.startsWith('POST')).map((call) => [call.call, call.body]);
    expect(sent).toEqual([
      ['POST owner/experiments/7/share', { share: 30 }],
      ['POST owner/experiments/7/end', undefined],
    ]);
  });

  it('says Stopped and why', async () => {
    site([
      experiment({
        endedAt: '2026-11-25T11:00:00.000Z',
        endReason: "stopped: the candidate's visitors met errors more often than live's: 9 of its 9 visitors",
      }),
    ]);
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    expect(await within(card).findByText('Stopped')).toBeInTheDocument();
    expect(card).toHaveTextContent("the candidate's visitors met errors more often than live's: 9 of its 9 visitors");
    expect(within(card).getByRole('button', { name: 'Start experiment' })).toBeInTheDocument();
  });

  it('says a sample ratio mismatch in plain words while it lasts', async () => {
    const mismatch = 'the candidate gets 31 % of measured visits but was assigned 50 %: the results may be biased';
    site([experiment({ share: 50, mismatch })]);
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    expect(await within(card).findByText('Sample ratio mismatch')).toBeInTheDocument();
    expect(card).toHaveTextContent(`Sample ratio mismatch: ${mismatch}.`);
  });
});
