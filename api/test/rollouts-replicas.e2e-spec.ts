import type { Experiment } from '@portfolio/contracts/experiments';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import { ExperimentGuard } from '../src/experiments/experiment-guard.js';
import { liveSectionsCacheMs } from '../src/live-sections/live-sections.service.js';
import { startExperimentSite, visit, type ExperimentSite } from './experiments-site.js';
import { call, json, type OwnerSite } from './owner-site.js';

/** A test's hold minute (ROLLOUT_MINUTE_MS). */
const minuteMs = 30;

// Two replicas on one PostgreSQL database (postgres project only): both guards look at the same rollout at the same
// moments, and each step is decided once, the promote made once.

describe('a rollout on two replicas of one database', () => {
  let running: ExperimentSite;
  beforeAll(async () => {
    running = await startExperimentSite({ EXPERIMENT_GUARD_MS: '86400000', ROLLOUT_MINUTE_MS: String(minuteMs) }, 2);
  }, 180_000);
  afterAll(() => running.close());

  it('takes each step once and promotes once, both guards looking together', async () => {
    const [first, second] = running.sites as [OwnerSite, OwnerSite];
    const owner = (site: OwnerSite, method: string, urlPath: string, body?: unknown) =>
      call(site, method, urlPath, { session: running.session, body });
    const started = await owner(first, 'POST', '/api/owner/sections/about/rollout', {
      releaseId: running.candidateId,
      steps: [10, 30, 60, 100],
      holdMinutes: 1,
      stepVisitors: 0,
    });
    expect(started.status).toBe(201);
    const rollout = await json<Experiment>(started);
    const guards = [first, second].map((site) => site.nest.get(ExperimentGuard));
    let looks = 0;
    let state: Experiment | undefined = rollout;
    // each round: both replicas' guards at once, three times over, once the step's hold is over
    while (!state?.endedAt && looks < 60) {
      const holdEnd = Date.parse(state?.rollout?.stepStartedAt ?? '') + minuteMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, holdEnd - Date.now()) + 5));
      await Promise.all([...guards, ...guards, ...guards].map((guard) => guard.tick()));
      looks += 6;
      state = (await json<Experiment[]>(await owner(second, 'GET', '/api/owner/experiments'))).find(
        (found) => found.id === rollout.id,
      );
    }
    expect(state).toMatchObject({ endReason: 'promoted', share: 100 });
    const history = (await json<SectionsOverview>(await owner(second, 'GET', '/api/owner/sections'))).history;
    const ours = history.filter((change) => change.action.startsWith('rollout') || change.action === 'promote');
    expect(ours.reverse().map((change) => [change.action, change.note])).toEqual([
      ['rollout started', expect.stringMatching(/^step 1 of 4: 10 %/)],
      ['rollout step', 'step 2 of 4: 30 %'],
      ['rollout step', 'step 3 of 4: 60 %'],
      ['rollout step', 'step 4 of 4: 100 %'],
      ['promote', null],
      ['rollout promoted', null],
    ]);
    // whichever guard promoted, the other replica's live configuration is a second old at most (a fresh clone's run
    // once met about-1 there, read within that second): its first page after that is the new build's
    await new Promise((resolve) => setTimeout(resolve, liveSectionsCacheMs + 100));
    for (const site of [first, second]) expect((await visit(site, '/about')).about).toBe('about-2');
  });
});
