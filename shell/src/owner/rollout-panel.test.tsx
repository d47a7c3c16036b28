import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Experiment, GuardFigures, Rollout } from '@portfolio/contracts/experiments';
import { ownerPaths, type SectionChange } from '@portfolio/contracts/owner';
import {
  aboutExperiment,
  aboutRelease,
  installFakeApi,
  renderOwnerPage,
  sectionsOverview,
  status,
  type FakeApi,
} from './owner-test-kit';
import { rolloutRefreshMs } from './follow-rollouts';

const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
const rollout = (fields: Partial<Rollout> = {}): Rollout => ({
  steps: [5, 25, 50, 100],
  step: 1,
  holdMinutes: 60,
  stepVisitors: 50,
  stepStartedAt: new Date().toISOString(),
  visitorsThisStep: 12,
  nextStepAt: inAnHour,
  pausedAt: null,
  ...fields,
});
/** A deploy token's rollout on the about section, at its second step. */
const experiment = (fields: Partial<Experiment> = {}): Experiment =>
  aboutExperiment({ id: 9, share: 25, rollout: rollout(), startedBy: 'token "ci"', ...fields });

function site(experiments: () => Experiment[], extra: FakeApi = {}, history: SectionChange[] = []) {
  return installFakeApi({
    'GET owner/status': () => status(true),
    'GET owner/sections': () => ({ body: sectionsOverview(history) }),
    'GET owner/experiments': () => ({ body: experiments() }),
    'GET owner/deploy-tokens': () => ({ body: [] }),
    'GET owner/sections/about/releases': () => ({
      body: [
        aboutRelease('cccccccccccccccc', false, false),
        aboutRelease('bbbbbbbbbbbbbbbb', false),
        aboutRelease('aaaaaaaaaaaaaaaa', true),
      ],
    }),
    ...extra,
  });
}

const aboutCard = () => screen.findByRole('region', { name: 'About section' });
const rolloutGroup = async () => within(await aboutCard()).findByRole('group', { name: 'Rollout' });

describe("a section card's rollout", () => {
  it('starts one with a release that passed its checks and the default steps, refusing bad settings field by field', async () => {
    let current: Experiment[] = [];
    const calls = site(() => current, {
      'POST owner/sections/about/rollout': () => {
        current = [experiment({ rollout: rollout({ step: 0 }) })];
        return { status: 201, body: current[0] };
      },
    });
    renderOwnerPage(ownerPaths.sections);
    const group = await rolloutGroup();
    const picker = within(group).getByLabelText('Release to roll out');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['bbbbbbbbbbbbbbbb']);
    const steps = within(group).getByLabelText('Steps (% of visitors)');
    const hold = within(group).getByLabelText('Hold each step (minutes)');
    const visitors = within(group).getByLabelText('Visitors per step');
    expect([
      (steps as HTMLInputElement).value,
      (hold as HTMLInputElement).value,
      (visitors as HTMLInputElement).value,
    ]).toEqual(['5, 25, 50, 100', '60', '50']);

    await userEvent.clear(steps);
    await userEvent.type(steps, '5, 50, 25, 100');
    await userEvent.clear(hold);
    await userEvent.type(hold, '0');
    await userEvent.click(within(group).getByRole('button', { name: 'Start rollout' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      'The rollout did not start: see the fields marked.',
    );
    expect(steps).toHaveAttribute('aria-invalid', 'true');
    expect(steps).toHaveAccessibleDescription(expect.stringContaining('Each step above the one before.'));
    expect(hold).toHaveAccessibleDescription(expect.stringContaining('At least 1 minute.'));
    expect(visitors).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(steps);
    await userEvent.type(steps, '10 20 50');
    await userEvent.click(within(group).getByRole('button', { name: 'Start rollout' }));
    await waitFor(() => expect(steps).toHaveAccessibleDescription(expect.stringContaining('The last step is 100 %.')));
    await userEvent.clear(steps);
    await userEvent.type(steps, 'five, 100');
    await userEvent.click(within(group).getByRole('button', { name: 'Start rollout' }));
    await waitFor(() =>
      expect(steps).toHaveAccessibleDescription(expect.stringContaining('Give whole percents separated by commas')),
    );

    await userEvent.clear(steps);
    await userEvent.type(steps, '10, 50, 100 %');
    await userEvent.clear(hold);
    await userEvent.type(hold, '30');
    await userEvent.click(within(group).getByRole('button', { name: 'Start rollout' }));
    await waitFor(() => expect(within(group).getByRole('status')).toHaveTextContent('Rollout started'));
    expect(within(group).getByRole('status')).toHaveFocus();
    expect(group).toHaveTextContent('Step 1 of 4: 5 % of visitors');
    expect(calls.filter((call) => call.call.startsWith('POST')).map((call) => [call.call, call.body])).toEqual([
      [
        'POST owner/sections/about/rollout',
        { releaseId: 'bbbbbbbbbbbbbbbb', steps: [10, 50, 100], holdMinutes: 30, stepVisitors: 50 },
      ],
    ]);
  });

  it('shows the running step, what the next waits for, and pauses and resumes it; the fixed-share form is gone', async () => {
    let current = experiment();
    const calls = site(() => [current], {
      'POST owner/experiments/9/pause': () => {
        current = experiment({ rollout: rollout({ pausedAt: new Date().toISOString(), nextStepAt: null }) });
        return { body: current };
      },
      'POST owner/experiments/9/resume': () => {
        current = experiment();
        return { body: current };
      },
    });
    renderOwnerPage(ownerPaths.sections);
    const group = await rolloutGroup();
    const card = await aboutCard();
    expect(group).toHaveTextContent('Step 2 of 4: 25 % of visitors get release bbbbbbbbbbbbbbbb');
    expect(group).toHaveTextContent('by token "ci"');
    expect(within(group).getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]')).toHaveTextContent(
      '25 %',
    );
    expect(group).toHaveTextContent('Nextstep 3 (50 % of visitors)');
    expect(group).toHaveTextContent(/Waits forthe hold time, until .+visitors: 12 of 50 in this step/);
    expect(within(card).queryByRole('button', { name: 'Start experiment' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Change share' })).toBeNull();

    await userEvent.click(within(group).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(within(group).getByRole('status')).toHaveTextContent('Paused: no step begins'));
    expect(await within(group).findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(group).toHaveTextContent(/Waits foryou: paused since/);
    await userEvent.click(within(group).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(within(group).getByRole('status')).toHaveTextContent('Resumed'));
    expect(await within(group).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(calls.filter((call) => call.call.startsWith('POST')).map((call) => call.call)).toEqual([
      'POST owner/experiments/9/pause',
      'POST owner/experiments/9/resume',
    ]);
  });

  it('rolls back only once confirmed, then says it was rolled back by the owner', async () => {
    let current = experiment();
    const calls = site(() => [current], {
      'POST owner/experiments/9/roll-back': () => {
        current = experiment({ endedAt: new Date().toISOString(), endReason: 'rolled back' });
        return { body: current };
      },
    });
    renderOwnerPage(ownerPaths.sections);
    const group = await rolloutGroup();
    await userEvent.click(within(group).getByRole('button', { name: 'Roll back now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back this rollout?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.call.startsWith('POST'))).toBe(false);

    await userEvent.click(within(group).getByRole('button', { name: 'Roll back now' }));
    const again = await screen.findByRole('dialog', { name: 'Roll back this rollout?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Roll back now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(group).findByText(/Rolled back: by the owner \(at step 2 of 4, 25 % of visitors\)/),
    ).toBeVisible();
    await waitFor(() => expect(within(group).getByRole('heading', { name: 'Rollout' })).toHaveFocus());
    expect(within(group).getByRole('button', { name: 'Start rollout' })).toBeInTheDocument();
    expect(calls.filter((call) => call.call.startsWith('POST')).map((call) => call.call)).toEqual([
      'POST owner/experiments/9/roll-back',
    ]);
  });

  it('says why the guard rolled one back, and that one was promoted after its steps', async () => {
    const why = "the candidate's visitors met errors more often than live's: 6 of its 6 visitors";
    let current = experiment({
      endedAt: '2026-11-25T11:00:00.000Z',
      endReason: `rolled back: ${why}`,
      rollout: rollout({ step: 0 }),
    });
    site(() => [current]);
    const router = renderOwnerPage(ownerPaths.sections);
    const group = await rolloutGroup();
    expect(group).toHaveTextContent(`Rolled back: ${why} (at step 1 of 4, 5 % of visitors)`);
    expect(within(group).getByRole('link', { name: 'Results' })).toHaveAttribute('href', `${ownerPaths.experiments}/9`);
    expect(within(await aboutCard()).getByRole('button', { name: 'Start experiment' })).toBeInTheDocument();

    current = experiment({ endedAt: '2026-11-25T12:00:00.000Z', endReason: 'promoted', rollout: rollout({ step: 3 }) });
    await act(() => router.revalidate());
    expect(group).toHaveTextContent('Promoted after 4 steps');
  });

  it('holds on a sample ratio mismatch and says so', async () => {
    const mismatch = 'the candidate gets 2 % of measured visits but was assigned 25 %: the results may be biased';
    site(() => [
      experiment({ mismatch, rollout: rollout({ nextStepAt: new Date(0).toISOString(), visitorsThisStep: 80 }) }),
    ]);
    renderOwnerPage(ownerPaths.sections);
    const group = await rolloutGroup();
    expect(group).toHaveTextContent(`Sample ratio mismatch: ${mismatch}. Nothing advances while it lasts`);
    expect(group).toHaveTextContent(/Waits forthe sample ratio mismatch to clearEach step/);
  });

  it('follows a running rollout: the card moves to the next step without a reload', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let current = experiment({ rollout: rollout({ nextStepAt: new Date(0).toISOString(), visitorsThisStep: 50 }) });
      site(() => [current]);
      renderOwnerPage(ownerPaths.sections);
      const group = await rolloutGroup();
      expect(group).toHaveTextContent('nothing more: it begins when the guard next looks');
      current = experiment({ share: 50, rollout: rollout({ step: 2, visitorsThisStep: 0 }) });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(rolloutRefreshMs);
      });
      await waitFor(() => expect(group).toHaveTextContent('Step 3 of 4: 50 % of visitors'));
    } finally {
      jest.useRealTimers();
    }
  });
});

describe("a section's history", () => {
  const figures: GuardFigures = {
    served: { live: 30, candidate: 7 },
    measuredShare: 0.19,
    assignedShare: 0.2,
    mismatch: null,
    guardrails: {
      errors: { evidence: 31.24, needed: 20, live: { events: 0, visitors: 29 }, candidate: { events: 6, visitors: 6 } },
      LCP: { evidence: 0.4, needed: 20, live: { events: 7, visitors: 29 }, candidate: { events: 1, visitors: 6 } },
      INP: { evidence: 1, needed: 20, live: { events: 0, visitors: 0 }, candidate: { events: 0, visitors: 0 } },
    },
  };
  it('says who and why, and the figures of a guard decision in short', async () => {
    site(() => [], {}, [
      {
        section: 'about',
        action: 'rollout rolled back',
        from: '/sections/about/aaaaaaaaaaaaaaaa/remoteEntry.js',
        to: '/sections/about/bbbbbbbbbbbbbbbb/remoteEntry.js',
        at: '2026-11-25T11:00:00.000Z',
        note: "the candidate's visitors met errors more often than live's",
        by: 'the guard',
        figures,
      },
      {
        section: 'about',
        action: 'rollout started',
        from: '/sections/about/aaaaaaaaaaaaaaaa/remoteEntry.js',
        to: '/sections/about/bbbbbbbbbbbbbbbb/remoteEntry.js',
        at: '2026-11-25T10:00:00.000Z',
        note: '5 %',
        by: 'token "ci"',
      },
    ]);
    renderOwnerPage(ownerPaths.sections);
    const history = await screen.findByRole('region', { name: 'History' });
    const [rolledBack, started] = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(rolledBack).toHaveTextContent(
      "About section rollout rolled back: candidate /sections/about/bbbbbbbbbbbbbbbb/remoteEntry.jsby the guard: the candidate's visitors met errors more often than live's",
    );
    const lines = within(rolledBack!).getByRole('list', { name: "The guard's figures" }).querySelectorAll('li');
    expect([...lines].map((line) => line.textContent)).toEqual([
      'Visitors served: live 30, candidate 7 (candidate measured 19.0 %, assigned 20.0 %)',
      'Errors: evidence 31.2 of 20 needed; live 0 of 29 (0.0 %), candidate 6 of 6 (100.0 %)',
    ]);
    expect(started).toHaveTextContent(
      'About section rollout started (5 %): candidate /sections/about/bbbbbbbbbbbbbbbb/remoteEntry.jsby token "ci"',
    );
  });
});
