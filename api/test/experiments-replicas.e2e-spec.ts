import type { Experiment } from '@portfolio/contracts/experiments';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import { eventually } from './eventually.js';
import {
  aboutVisit,
  freshVisitors,
  startExperiment,
  startExperimentSite,
  visit,
  type ExperimentSite,
} from './experiments-site.js';
import { call, json, type OwnerSite } from './owner-site.js';
import { runningCacheMs } from '../src/experiments/experiment-assignments.js';

// Two replicas on one PostgreSQL database (postgres project only): one assignment, one guard stop.

describe('experiments on two replicas of one database', () => {
  let running: ExperimentSite;
  beforeAll(async () => {
    running = await startExperimentSite({ EXPERIMENT_GUARD_MS: '100' }, 2);
  }, 180_000);
  afterAll(() => running.close());

  it('assigns a visitor the same variant on either replica, and the guard stops it once', async () => {
    const [first, second] = running.sites as [OwnerSite, OwnerSite];
    const experiment = await startExperiment(first, running.session, { releaseId: running.candidateId, share: 50 });
    // the second replica sees it within its cache's second
    await new Promise((resolve) => setTimeout(resolve, runningCacheMs + 100));
    const assigned = await visit(second, '/about');
    expect(assigned.status).toBe(200);
    expect(assigned.value).toMatch(new RegExp(`^${experiment.id}\\.`));
    for (let i = 0; i < 6; i++) {
      const seen = await visit(i % 2 ? first : second, '/about', { Cookie: `exp_about=${assigned.value}` });
      expect(seen.about).toBe(assigned.about);
      expect(seen.cookie).toBeUndefined();
    }
    // fresh visitors on both replicas, live's first; every candidate visitor's page throws, and the guard stops at
    // its 9th (sequential-tests.reference.py)
    for (const replica of [first, second])
      await freshVisitors(replica, experiment, { live: 8, candidate: 0 }, () => aboutVisit(1200));
    await freshVisitors(first, experiment, { live: 0, candidate: 5 }, () => aboutVisit(1200, true));
    await freshVisitors(second, experiment, { live: 0, candidate: 4 }, () => aboutVisit(1200, true));
    await eventually(async () => {
      const list = await json<Experiment[]>(
        await call(first, 'GET', '/api/owner/experiments', { session: running.session }),
      );
      return list.find((found) => found.id === experiment.id && found.endReason?.startsWith('stopped'));
    }, 'the guard to stop it');
    await eventually(() => running.smtp.mails.some((mail) => mail.raw.includes('section stopped')), 'the mail');
    // both guards kept looking meanwhile: still one stop, one mail
    await new Promise((resolve) => setTimeout(resolve, 600));
    const overview = await json<SectionsOverview>(
      await call(second, 'GET', '/api/owner/sections', { session: running.session }),
    );
    expect(overview.history.filter((change) => change.action === 'experiment stopped')).toHaveLength(1);
    expect(running.smtp.mails.filter((mail) => mail.raw.includes('section stopped'))).toHaveLength(1);
    for (const replica of [first, second])
      expect((await visit(replica, '/about', { Cookie: `exp_about=${experiment.id}.0` })).about).toBe('about-1');
  });
});
