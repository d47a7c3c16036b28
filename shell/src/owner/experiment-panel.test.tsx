import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Experiment } from '@portfolio/contracts/experiments';
import { ownerPaths } from '@portfolio/contracts/owner';
import {
  aboutExperiment,
  aboutRelease,
  installFakeApi,
  renderOwnerPage,
  sectionsOverview,
  status,
  type FakeApi,
} from './owner-test-kit';

function site(experiments: Experiment[], extra: FakeApi = {}) {
  return installFakeApi({
    'GET owner/status': () => status(true),
    'GET owner/sections': () => ({ body: sectionsOverview() }),
    'GET owner/experiments': () => ({ body: experiments }),
    'GET owner/deploy-tokens': () => ({ body: [] }),
    'GET owner/sections/about/releases': () => ({
      body: [aboutRelease('bbbbbbbbbbbbbbbb', false), aboutRelease('aaaaaaaaaaaaaaaa', true)],
    }),
    ...extra,
  });
}

const aboutCard = () => screen.findByRole('region', { name: 'About section' });

describe("a section card's experiment", () => {
  it('starts one with a release that is not live and the share typed', async () => {
    const calls = site([], {
      'POST owner/sections/about/experiment': () => ({ status: 201, body: aboutExperiment({}) }),
    });
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
    const calls = site([aboutExperiment({})], {
      'POST owner/experiments/7/share': () => ({ body: aboutExperiment({ share: 30 }) }),
      'POST owner/experiments/7/end': () => ({ body: aboutExperiment({ endedAt: '2026-11-25T11:00:00.000Z' }) }),
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
      aboutExperiment({
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
    site([aboutExperiment({ share: 50, mismatch })]);
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    expect(await within(card).findByText('Sample ratio mismatch')).toBeInTheDocument();
    expect(card).toHaveTextContent(`Sample ratio mismatch: ${mismatch}.`);
  });
});
