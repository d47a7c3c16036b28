import { renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Experiment } from '@portfolio/contracts/experiments';
import type { FieldEvent } from '@portfolio/contracts/field-events';
import type { SectionChange, SectionsOverview } from '@portfolio/contracts/owner';
import { jest } from '@jest/globals';
import { ExperimentAssignments } from '../src/experiments/experiment-assignments.js';
import { ExperimentGuard } from '../src/experiments/experiment-guard.js';
import { ServedVisitors } from '../src/experiments/served-visitors.js';
import { eventually } from './eventually.js';
import {
  aboutVisit,
  startExperiment,
  startExperimentSite,
  visit,
  type ExperimentSite,
  type Variant,
} from './experiments-site.js';
import { call, json, type OwnerSite } from './owner-site.js';
import { pageView, proofFields, report } from './page-views.js';
import { newToken, withToken } from './release-client.js';
import { testStorage } from './test-storage.js';
// the release command's own call and words (npm run release -- --rollout)
import { rolloutLines } from '../../packages/release-command/release-answer.mjs';
import { startRollout as startRolloutAs } from '../../packages/release-command/release-client.mjs';

/** A test's hold minute: a rollout held 1 minute waits this long; 10,000 minutes are never over in a test. */
const minuteMs = 40;
const neverOver = 10_000;

// Rollouts on a stand-in site (fake-site.ts renders which build of about a page was made with): the owner's and a
// token's calls, the guard's step decisions (its tick called here: its timer never fires in these tests), the
// history with who and the guard's figures, and the owner's mail.

describe(`rollouts (${testStorage})`, () => {
  let running: ExperimentSite;
  let site: OwnerSite;
  let session: string;
  beforeAll(async () => {
    running = await startExperimentSite({
      EXPERIMENT_GUARD_MS: '86400000',
      ROLLOUT_MINUTE_MS: String(minuteMs),
      CONTACT_TO: 'owner@example.com',
    });
    [site] = running.sites as [OwnerSite];
    session = running.session;
  }, 180_000);
  afterAll(() => running.close());

  const owner = (method: string, urlPath: string, body?: unknown, origin?: string | null) =>
    call(site, method, urlPath, { session, body, origin });
  const history = async (): Promise<SectionChange[]> =>
    (await json<SectionsOverview>(await owner('GET', '/api/owner/sections'))).history;
  const current = async (id: number) =>
    (await json<Experiment[]>(await owner('GET', '/api/owner/experiments'))).find((found) => found.id === id);
  /** One look of the guard, as its timer would make it, after this replica's count of visitors served is stored. */
  const tick = async () => {
    await site.nest.get(ServedVisitors).flush();
    await site.nest.get(ExperimentGuard).tick();
  };
  const startRollout = (body: Record<string, unknown>) => startExperiment(site, session, body, 'rollout');
  /**
   * One look, this replica's list of running experiments (cached for a second, asked by every page) read before and
   * after it, with the clock held still meanwhile: only the look forgets the cached list, never its age.
   */
  const tickSeenByAssignments = async () => {
    const assignments = site.nest.get(ExperimentAssignments);
    jest.useFakeTimers({
      // Date only: the look's own timers, its database and its HTTP run as they do
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
      now: Date.now(),
    });
    try {
      const before = assignments.running();
      await tick();
      return { before, after: assignments.running() };
    } finally {
      jest.useRealTimers();
    }
  };
  /** Waits, on the clock, until the step's hold is over (a few test minutes). */
  const holdOver = async (experiment: Experiment) => {
    const rollout = experiment.rollout;
    if (!rollout) throw new Error('not a rollout');
    const end = Date.parse(rollout.stepStartedAt) + rollout.holdMinutes * minuteMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now()) + 5));
  };
  /**
   * Runs `work` while the candidate's files no longer pass its checks (its browser half gone), then puts the files and
   * the checks recorded on the release back as they were: the tests after it start the same release again.
   */
  const whileCandidateBroken = async (work: () => Promise<void>) => {
    const entry = join(site.storage.DATA_DIR ?? '', 'releases', 'about', running.candidateId, 'remoteEntry.js');
    const checks = 'select checks from section_releases where section = $1 and id = $2';
    const [kept] = await site.database.query<{ checks: string }>(checks, ['about', running.candidateId]);
    renameSync(entry, `${entry}.away`);
    try {
      await work();
    } finally {
      renameSync(`${entry}.away`, entry);
      await site.database.query(`update section_releases set checks = $3 where section = $1 and id = $2`, [
        'about',
        running.candidateId,
        kept?.checks,
      ]);
    }
  };
  /**
   * Fresh visitors of /about, as they come, until `candidates` of them got the candidate; each sends the beacon
   * `events` makes for its variant. Answers how many of each came, and the cookie of the first candidate visitor.
   */
  const visitorsUntil = async (
    experiment: Experiment,
    candidates: number,
    events: (variant: Variant) => FieldEvent[] | null = () => aboutVisit(1200),
    lives = 0,
  ) => {
    const came = { live: 0, candidate: 0 };
    let candidateCookie: string | null = null;
    while (came.candidate < candidates || came.live < lives) {
      const view = await pageView(site, '/about');
      const assigned = view.proof ? proofFields(view.proof).f.find(([id]) => id === experiment.id) : undefined;
      if (!view.proof || !assigned) throw new Error(`a fresh visitor got no assignment: ${JSON.stringify(view)}`);
      const variant: Variant = assigned[2] === 1 ? 'candidate' : 'live';
      came[variant] += 1;
      if (variant === 'candidate') candidateCookie ??= view.cookies.find((cookie) => cookie.startsWith('exp_about='))!;
      const batch = events(variant);
      if (batch && (await report(site, view.proof, batch)) !== 204) throw new Error('a beacon was refused');
    }
    return { came, candidateCookie };
  };

  it('refuses hostile input with a JSON 4xx, calls without a session with 401 and from another origin with 403', async () => {
    const start = '/api/owner/sections/about/rollout';
    const good = { releaseId: running.candidateId };
    const cases: Array<[string, unknown, number]> = [
      [start, { ...good, steps: [5, 25, 50] }, 400],
      [start, { ...good, steps: [100] }, 400],
      [start, { ...good, steps: [25, 5, 100] }, 400],
      [start, { ...good, steps: [5, 5, 100] }, 400],
      [start, { ...good, steps: [0, 100] }, 400],
      [start, { ...good, steps: [5.5, 100] }, 400],
      [start, { ...good, steps: ['5', 100] }, 400],
      [start, { ...good, steps: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100] }, 400],
      [start, { ...good, steps: '5,100' }, 400],
      [start, { ...good, holdMinutes: 0 }, 400],
      [start, { ...good, holdMinutes: 1e308 }, 400],
      [start, { ...good, holdMinutes: '60' }, 400],
      [start, { ...good, stepVisitors: -1 }, 400],
      [start, { ...good, stepVisitors: 2 ** 53 }, 400],
      [start, { ...good, share: 50 }, 400],
      [start, { ...good, extra: 1 }, 400],
      [start, { releaseId: '../../etc' }, 400],
      [start, {}, 400],
      [start, [good], 400],
      [start, { releaseId: '0123456789abcdef' }, 404],
      [start, { releaseId: running.liveId }, 409],
      ['/api/owner/sections/nothing/rollout', good, 404],
      ['/api/owner/experiments/abc/pause', undefined, 404],
      ['/api/owner/experiments/99999/pause', undefined, 404],
      ['/api/owner/experiments/99999/resume', undefined, 404],
      ['/api/owner/experiments/1e9/roll-back', undefined, 404],
    ];
    for (const [urlPath, body, status] of cases) {
      const response = await owner('POST', urlPath, body);
      expect([urlPath, JSON.stringify(body), response.status]).toEqual([urlPath, JSON.stringify(body), status]);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    expect((await call(site, 'POST', start, { session, rawBody: '{"steps": [5,' })).status).toBe(400);
    for (const urlPath of [
      start,
      '/api/owner/experiments/1/pause',
      '/api/owner/experiments/1/resume',
      '/api/owner/experiments/1/roll-back',
    ]) {
      expect([urlPath, (await call(site, 'POST', urlPath, { body: good })).status]).toEqual([urlPath, 401]);
      for (const origin of ['https://evil.example', null])
        expect([urlPath, (await call(site, 'POST', urlPath, { session, body: good, origin })).status]).toEqual([
          urlPath,
          403,
        ]);
    }
    expect(await json<Experiment[]>(await owner('GET', '/api/owner/experiments'))).toEqual([]);
  });

  it("refuses a token's rollout without a token (401), of another section or without may-promote (403), and bad settings", async () => {
    const path = `/api/sections/about/releases/${running.candidateId}/rollout`;
    const mayNot = (await newToken(site, session, 'about', { name: 'about no promote' })).secret;
    const other = (await newToken(site, session, 'home', { name: 'home CI', mayPromote: true })).secret;
    const may = (await newToken(site, session, 'about', { name: 'about deploys', mayPromote: true })).secret;
    const bare = await fetch(`${site.baseUrl}${path}`, { method: 'POST' });
    expect(bare.status).toBe(401);
    expect((await withToken(site, 'POST', path, 'sdt_forged')).status).toBe(401);
    expect((await withToken(site, 'POST', path, mayNot)).status).toBe(403);
    expect((await withToken(site, 'POST', path, other)).status).toBe(403);
    for (const [body, status] of [
      [{ steps: [50] }, 400],
      [{ releaseId: running.candidateId }, 400],
      [{ holdMinutes: -5 }, 400],
      [{ stepVisitors: 'many' }, 400],
      ['[]', 400],
    ] as const)
      expect([JSON.stringify(body), (await withToken(site, 'POST', path, may, body)).status]).toEqual([
        JSON.stringify(body),
        status,
      ]);
    // its checks run again first: a release whose files no longer pass them (its browser half gone) gets 422
    await whileCandidateBroken(async () => {
      const refused = await withToken(site, 'POST', path, may);
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^The release was refused\. archive: It has no remoteEntry\.js at the top/,
      );
    });
    const unknown = await withToken(site, 'POST', '/api/sections/about/releases/0123456789abcdef/rollout', may);
    expect(unknown.status).toBe(404);
    const live = await withToken(site, 'POST', `/api/sections/about/releases/${running.liveId}/rollout`, may);
    expect(live.status).toBe(409);
    expect(await json<Experiment[]>(await owner('GET', '/api/owner/experiments'))).toEqual([]);
  });

  it('starts with a token that may promote, as token "<name>", its checks run again', async () => {
    const may = (await newToken(site, session, 'about', { name: 'about release', mayPromote: true })).secret;
    // as `npm run release -- --rollout` starts it, and what it prints
    const started = await startRolloutAs({
      site: new URL(site.baseUrl),
      section: 'about',
      token: may,
      id: running.candidateId,
    });
    expect(started.status).toBe(201);
    const rollout = started.body as Experiment;
    const printed = rolloutLines(rollout);
    expect(printed[0]).toBe('Rollout started: step 1 of 4, 5 % of visitors get the release (steps 5, 25, 50, 100 %).');
    expect(printed[1]).toContain(`The next step may begin at ${rollout.rollout?.nextStepAt}, once 50 new visitors`);
    expect(rollout).toMatchObject({
      share: 5,
      startedBy: 'token "about release"',
      rollout: { steps: [5, 25, 50, 100], step: 0, holdMinutes: 60, stepVisitors: 50, pausedAt: null },
    });
    // 60 minutes of ROLLOUT_MINUTE_MS from its start
    const { stepStartedAt, nextStepAt } = rollout.rollout ?? {};
    expect(Date.parse(nextStepAt ?? '') - Date.parse(stepStartedAt ?? '')).toBe(60 * minuteMs);
    const [change] = await history();
    expect(change).toMatchObject({ action: 'rollout started', by: 'token "about release"', figures: null });
    // a second one while it runs: 409; the owner rolls it back
    const again = await withToken(site, 'POST', `/api/sections/about/releases/${running.candidateId}/rollout`, may);
    expect(again.status).toBe(409);
    expect((await owner('POST', `/api/owner/experiments/${rollout.id}/roll-back`)).status).toBe(200);
    // the setup's upload and its preview link, by the token that sent it
    const setup = (await history()).filter(
      (row) => row.action === 'release uploaded' || row.action === 'preview link made',
    );
    expect(setup.map((row) => [row.action, row.by, row.to])).toEqual([
      ['preview link made', 'token "about CI"', `/sections/about/${running.candidateId}/remoteEntry.js`],
      ['release uploaded', 'token "about CI"', `/sections/about/${running.candidateId}/remoteEntry.js`],
    ]);
  });

  it('is rolled back by the guard at its first step when the candidate errs, the owner mailed', async () => {
    const rollout = await startRollout({
      releaseId: running.candidateId,
      steps: [25, 50, 100],
      holdMinutes: neverOver,
      stepVisitors: 1000,
    });
    // a candidate that throws on every page, reported through the real beacon endpoint; the guard looks once they came
    const { came } = await visitorsUntil(rollout, 9, (variant) => aboutVisit(1200, variant === 'candidate'), 12);
    await tick();
    const rolledBack = await current(rollout.id);
    expect(rolledBack?.endReason).toMatch(
      /^rolled back: the candidate's visitors met errors more often than live's: (\d+) of its \1 visitors against 0 of \d+ /,
    );
    expect(rolledBack?.rollout).toMatchObject({ step: 0, nextStepAt: null });
    expect(rolledBack?.share).toBe(25);
    const [change] = await history();
    expect(change).toMatchObject({
      action: 'rollout rolled back',
      by: 'the guard',
      note: rolledBack?.endReason?.slice(13),
    });
    expect(change?.figures?.guardrails.errors.candidate).toEqual({ events: came.candidate, visitors: came.candidate });
    expect(change?.figures?.guardrails.errors.live).toEqual({ events: 0, visitors: came.live });
    expect(change?.figures?.served).toEqual(came);
    // the owner's mail: stored in the contact outbox with the rest, and delivered
    const [stored] = await site.database.query<{ subject: string; message: string }>(
      `select subject, message from contact_messages where subject like 'Rollout%'`,
    );
    expect(stored?.subject).toBe('Rollout on the about section rolled back');
    expect(stored?.message).toContain('was rolled back at step 1 of 3: 25 % of visitors: the candidate');
    await eventually(
      () => running.smtp.mails.find((mail) => mail.raw.includes('Rollout on the about section rolled back')),
      'the mail',
    );
    const seen = await visit(site, '/about', { Cookie: `exp_about=${rollout.id}.0` });
    expect([seen.status, seen.about]).toEqual([200, 'about-1']);
  });

  it('holds while paused past its hold, continues when resumed, and is rolled back now by the owner', async () => {
    const rollout = await startRollout({
      releaseId: running.candidateId,
      steps: [10, 50, 100],
      holdMinutes: 1,
      stepVisitors: 0,
    });
    const paused = await json<Experiment>(await owner('POST', `/api/owner/experiments/${rollout.id}/pause`));
    expect(paused.rollout).toMatchObject({ step: 0, pausedAt: expect.any(String), nextStepAt: null });
    expect((await owner('POST', `/api/owner/experiments/${rollout.id}/pause`)).status).toBe(409);
    expect((await history())[0]).toMatchObject({
      action: 'rollout paused',
      by: 'the owner',
      note: 'step 1 of 3: 10 %',
    });
    // its hold is over, and it had all the visitors it waits for (none): paused, it stays
    await holdOver(rollout);
    await new Promise((resolve) => setTimeout(resolve, 2 * minuteMs));
    const still = await tickSeenByAssignments();
    expect((await current(rollout.id))?.rollout).toMatchObject({ step: 0 });
    // a look that changed nothing keeps the cached list the pages read
    expect(still.after).toBe(still.before);
    // a share is not changed on a rollout, nor is a rollout ended: it is rolled back
    expect((await owner('POST', `/api/owner/experiments/${rollout.id}/share`, { share: 30 })).status).toBe(409);
    expect((await owner('POST', `/api/owner/experiments/${rollout.id}/end`)).status).toBe(409);
    const resumed = await json<Experiment>(await owner('POST', `/api/owner/experiments/${rollout.id}/resume`));
    expect(resumed.rollout?.pausedAt).toBeNull();
    expect((await owner('POST', `/api/owner/experiments/${rollout.id}/resume`)).status).toBe(409);
    expect((await history())[0]).toMatchObject({ action: 'rollout resumed', by: 'the owner' });
    // the time paused does not count: what was left of its hold runs from the resume
    expect(Date.parse(resumed.rollout?.nextStepAt ?? '')).toBeGreaterThan(Date.parse(paused.rollout?.pausedAt ?? ''));
    await holdOver(resumed);
    const stepped = await tickSeenByAssignments();
    const next = await current(rollout.id);
    expect([next?.share, next?.rollout?.step]).toEqual([50, 1]);
    // a step is forgotten once its look has committed: the next page reads the new share
    expect(stepped.after).not.toBe(stepped.before);
    expect((await stepped.after).find((found) => found.id === rollout.id)?.share).toBe(50);
    expect((await history())[0]).toMatchObject({ action: 'rollout step', by: 'the guard', note: 'step 2 of 3: 50 %' });
    const rolledBack = await json<Experiment>(await owner('POST', `/api/owner/experiments/${rollout.id}/roll-back`));
    expect(rolledBack).toMatchObject({ endReason: 'rolled back', endedAt: expect.any(String) });
    expect((await history())[0]).toMatchObject({ action: 'rollout rolled back', by: 'the owner', note: null });
    for (const action of ['roll-back', 'pause', 'resume'])
      expect([action, (await owner('POST', `/api/owner/experiments/${rollout.id}/${action}`)).status]).toEqual([
        action,
        409,
      ]);
    const seen = await visit(site, '/about', { Cookie: `exp_about=${rollout.id}.0` });
    expect([seen.about, seen.cookie]).toEqual(['about-1', expect.stringMatching(/^exp_about=; Max-Age=0;/)]);
  });

  it('holds while a sample ratio mismatch holds, its hold over and its visitors come', async () => {
    const rollout = await startRollout({
      releaseId: running.candidateId,
      steps: [50, 100],
      holdMinutes: 1,
      stepVisitors: 20,
    });
    // the candidate's visitors' beacons are lost after its 20th: measured, it gets 20 % of 50
    let candidates = 0;
    await visitorsUntil(
      rollout,
      80,
      (variant) => (variant === 'live' || ++candidates <= 20 ? aboutVisit(1200) : null),
      80,
    );
    await holdOver(rollout);
    await tick();
    const held = await current(rollout.id);
    // 20 measured of the candidate's 80, against every live visitor's (80 and those who came meanwhile)
    const measured = Number(
      /^the candidate gets (\d+) % of measured visits but was assigned 50 %: the results may be biased$/.exec(
        held?.mismatch ?? '',
      )?.[1],
    );
    expect(measured).toBeGreaterThan(10);
    expect(measured).toBeLessThanOrEqual(20);
    expect([held?.endedAt, held?.rollout?.step, held?.share]).toEqual([null, 0, 50]);
    expect(held?.rollout?.visitorsThisStep).toBeGreaterThanOrEqual(80);
    expect((await owner('POST', `/api/owner/experiments/${rollout.id}/roll-back`)).status).toBe(200);
  });

  it('is rolled back, the owner mailed, when its checks fail at the promote its last step is', async () => {
    const rollout = await startRollout({
      releaseId: running.candidateId,
      steps: [50, 100],
      holdMinutes: 1,
      stepVisitors: 0,
    });
    await holdOver(rollout);
    await whileCandidateBroken(async () => {
      await tick();
    });
    const rolledBack = await current(rollout.id);
    expect(rolledBack?.endReason).toMatch(
      /^rolled back: its checks failed when it was promoted: The release was refused\. archive: It has no remoteEntry\.js/,
    );
    const changes = (await history()).slice(0, 2).map((change) => [change.action, change.by, change.note]);
    expect(changes).toEqual([
      ['rollout rolled back', 'the guard', rolledBack?.endReason?.slice(13)],
      ['rollout step', 'the guard', 'step 2 of 2: 100 %'],
    ]);
    const [stored] = await site.database.query<{ message: string }>(
      `select message from contact_messages where subject = 'Rollout on the about section rolled back' order by id desc`,
    );
    expect(stored?.message).toContain('was rolled back at step 2 of 2: 100 % of visitors: its checks failed');
    expect((await visit(site, '/about')).about).toBe('about-1');
  });

  it('goes through every step to promoted while no harm is found, a candidate visitor kept on it', async () => {
    const rollout = await startRollout({ releaseId: running.candidateId, holdMinutes: 1, stepVisitors: 3 });
    expect(rollout).toMatchObject({ share: 5, startedBy: 'the owner', rollout: { steps: [5, 25, 50, 100], step: 0 } });
    const figures: Array<{ step: string; ms: number; live: number; candidate: number }> = [];
    let kept: string | null = null;
    let at = Date.parse(rollout.startedAt);
    for (const [step, share] of [
      [0, 5],
      [1, 25],
      [2, 50],
    ] as const) {
      const running = await current(rollout.id);
      expect([running?.rollout?.step, running?.share]).toEqual([step, share]);
      // a visitor who got the candidate keeps it (the same cookie, nothing new set) at every step after
      if (kept) {
        const seen = await visit(site, '/about', { Cookie: kept });
        expect([share, seen.about, seen.cookie]).toEqual([share, 'about-2', undefined]);
      }
      const { came, candidateCookie } = await visitorsUntil(rollout, 3);
      kept ??= candidateCookie;
      const bucket = Number(/\.(\d+)$/.exec(kept ?? '')?.[1]);
      expect(bucket).toBeLessThan(5);
      // its visitors came: one look may hold it only for its hold (one test minute)
      if (running) await holdOver(running);
      await tick();
      const now = Date.now();
      figures.push({ step: `${share} %`, ms: now - at, ...came });
      at = now;
    }
    const promoted = await current(rollout.id);
    expect(promoted).toMatchObject({ endReason: 'promoted', share: 100, rollout: { step: 3 } });
    const seen = await visit(site, '/about');
    expect([seen.about, seen.cookie]).toEqual(['about-2', undefined]);
    const changes = (await history()).slice(0, 6).reverse();
    expect(changes.map((change) => [change.action, change.by, change.note])).toEqual([
      [
        'rollout started',
        'the owner',
        'step 1 of 4: 5 %; steps 5, 25, 50, 100 %, each held 1 min and 3 new visitors at least',
      ],
      ['rollout step', 'the guard', 'step 2 of 4: 25 %'],
      ['rollout step', 'the guard', 'step 3 of 4: 50 %'],
      ['rollout step', 'the guard', 'step 4 of 4: 100 %'],
      ['promote', 'the guard', null],
      ['rollout promoted', 'the guard', null],
    ]);
    for (const change of changes.slice(1, 4)) expect(change.figures?.guardrails.errors.evidence).toBeLessThan(33.4);
    expect(changes[3]?.figures?.served.candidate).toBeGreaterThanOrEqual(9);
    // the figures of the report: each step's time from its start to the look that ended it, and its visitors
    console.log(`rollout through its steps (${testStorage}): ${JSON.stringify(figures)}`);
  });

  it("takes over a promote its replica decided and never made, once the promote's lease is past, not before", async () => {
    // the candidate now: the release live before the last test's promote
    const rollout = await startRollout({ releaseId: running.liveId, steps: [50, 100], holdMinutes: neverOver });
    // as a replica leaves it that stopped between deciding the promote and making it: at its last step, 100 %
    const leave = (minutesAgo: number) =>
      site.database.query(
        `update experiments set rollout_step = 1, share = 100,
         step_started_at = now() - $2 * interval '1 minute' where id = $1`,
        [rollout.id, minutesAgo],
      );
    await leave(1);
    await tick();
    expect(await current(rollout.id)).toMatchObject({ endedAt: null, share: 100, rollout: { step: 1 } });
    await leave(6);
    await tick();
    expect(await current(rollout.id)).toMatchObject({ endReason: 'promoted' });
    const changes = (await history()).slice(0, 2).map((change) => [change.action, change.by]);
    expect(changes).toEqual([
      ['rollout promoted', 'the guard'],
      ['roll back', 'the guard'],
    ]);
    expect((await visit(site, '/about')).about).toBe('about-1');
  });
});
