import type { Experiment, ExperimentResults } from '@portfolio/contracts/experiments';
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
import { beacon, pageView } from './page-views.js';
import { itOnOneStorage, testStorage } from './test-storage.js';
import { runningCacheMs } from '../src/experiments/experiment-assignments.js';

// Experiments on a stand-in site (fake-site.ts renders which build of each section a page was made with):
// the owner's calls, the assignment of visitors by cookie, caching, the results and the guard's stop. On PostgreSQL
// only what storage keeps runs: which visitor gets which build is the cookie's and the code's (the running experiment
// read once and cached), and a variant's renderers are processes.

describe(`experiments (${testStorage})`, () => {
  let running: ExperimentSite;
  let site: OwnerSite;
  let session: string;
  beforeAll(async () => {
    running = await startExperimentSite({ EXPERIMENT_GUARD_MS: '150', CONTACT_TO: 'owner@example.com' });
    [site] = running.sites as [OwnerSite];
    session = running.session;
  }, 180_000);
  afterAll(() => running.close());

  const owner = (method: string, urlPath: string, body?: unknown, origin?: string | null) =>
    call(site, method, urlPath, { session, body, origin });
  const history = async () =>
    (await json<SectionsOverview>(await owner('GET', '/api/owner/sections'))).history.filter((change) =>
      change.action.startsWith('experiment'),
    );

  it('refuses hostile input with a JSON 4xx, calls without a session with 401 and from another origin with 403', async () => {
    const start = '/api/owner/sections/about/experiment';
    const good = { releaseId: running.candidateId, share: 50 };
    const cases: Array<[string, string, unknown, number]> = [
      ['POST', start, { ...good, share: 0 }, 400],
      ['POST', start, { ...good, share: 51 }, 400],
      ['POST', start, { ...good, share: 12.5 }, 400],
      ['POST', start, { ...good, share: '50' }, 400],
      ['POST', start, { ...good, releaseId: '../../etc' }, 400],
      ['POST', start, { ...good, extra: 1 }, 400],
      ['POST', start, [good], 400],
      ['POST', start, { ...good, minVisitors: -1 }, 400],
      ['POST', start, { ...good, marginsMs: { LCP: 'x', INP: 1 } }, 400],
      ['POST', start, { ...good, releaseId: '0123456789abcdef' }, 404],
      ['POST', start, { ...good, releaseId: running.liveId }, 409],
      ['POST', '/api/owner/sections/nothing/experiment', good, 404],
      ['POST', '/api/owner/experiments/abc/end', undefined, 404],
      ['POST', '/api/owner/experiments/99999/end', undefined, 404],
      ['POST', '/api/owner/experiments/99999/share', { share: 10 }, 404],
      ['GET', '/api/owner/experiments/1e9/results', undefined, 404],
      ['GET', '/api/owner/experiments/99999/results', undefined, 404],
    ];
    for (const [method, urlPath, body, status] of cases) {
      const response = await owner(method, urlPath, body);
      expect([method, urlPath, JSON.stringify(body), response.status]).toEqual([
        method,
        urlPath,
        JSON.stringify(body),
        status,
      ]);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    const raw = await call(site, 'POST', start, { session, rawBody: '{"share": 5,' });
    expect(raw.status).toBe(400);
    for (const [method, urlPath] of [
      ['GET', '/api/owner/experiments'],
      ['POST', start],
      ['POST', '/api/owner/experiments/1/share'],
      ['POST', '/api/owner/experiments/1/end'],
      ['POST', '/api/owner/experiments/1/promote'],
      ['GET', '/api/owner/experiments/1/results'],
    ] as const) {
      expect((await call(site, method, urlPath, { body: method === 'POST' ? good : undefined })).status).toBe(401);
      if (method === 'POST') {
        expect(
          (await call(site, method, urlPath, { session, body: good, origin: 'https://evil.example' })).status,
        ).toBe(403);
        expect((await call(site, method, urlPath, { session, body: good, origin: null })).status).toBe(403);
      }
    }
    expect(await json<Experiment[]>(await owner('GET', '/api/owner/experiments'))).toEqual([]);
  });

  let experiment: Experiment;
  it('starts one experiment per section, recorded in its history', async () => {
    experiment = await startExperiment(site, session, { releaseId: running.candidateId, share: 50 });
    expect(experiment).toMatchObject({
      section: 'about',
      share: 50,
      endedAt: null,
      candidateReleaseId: running.candidateId,
    });
    const again = await owner('POST', '/api/owner/sections/about/experiment', {
      releaseId: running.candidateId,
      share: 5,
    });
    expect(again.status).toBe(409);
    expect((await history())[0]).toMatchObject({
      action: 'experiment started',
      note: '50 %',
      to: experiment.candidateUrl,
    });
    // the first page of each variant is the server's, with its build
    const candidate = await visit(site, '/about', { Cookie: `exp_about=${experiment.id}.0` });
    const live = await visit(site, '/about', { Cookie: `exp_about=${experiment.id}.99` });
    expect([candidate.status, candidate.about, live.status, live.about]).toEqual([200, 'about-2', 200, 'about-1']);
  });

  itOnOneStorage(
    'assigns fresh visitors near the share, once, by a cookie holding the experiment and the bucket',
    async () => {
      // 300 fresh visitors, 25 at a time: a loaded 2-core host renders them all within each visit's bound
      const visits: Array<Awaited<ReturnType<typeof visit>>> = [];
      for (let batch = 0; batch < 12; batch++)
        visits.push(...(await Promise.all(Array.from({ length: 25 }, () => visit(site, '/about')))));
      const onCandidate = visits.filter((seen) => seen.about === 'about-2').length;
      // binomial(300, 0.5): 150 +- 8.7; 100..200 is nearly six standard deviations
      expect(onCandidate).toBeGreaterThan(100);
      expect(onCandidate).toBeLessThan(200);
      for (const seen of visits) {
        expect(seen.cookie).toMatch(/^exp_about=\d+\.\d{1,2}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
        const [id, bucket] = (seen.value ?? '').split('.').map(Number);
        expect(id).toBe(experiment.id);
        expect(seen.about).toBe((bucket ?? 100) < 50 ? 'about-2' : 'about-1');
        expect(seen.cacheControl).toBe('private, no-cache');
      }
    },
  );

  itOnOneStorage(
    'keeps a visitor on their variant by the cookie, on every page, and replaces a stale one',
    async () => {
      for (const [bucket, build] of [
        [3, 'about-2'],
        [49, 'about-2'],
        [50, 'about-1'],
        [99, 'about-1'],
      ] as const) {
        for (let i = 0; i < 5; i++) {
          const seen = await visit(site, i % 2 ? '/about' : '/', { Cookie: `exp_about=${experiment.id}.${bucket}` });
          expect([bucket, seen.about, seen.cookie]).toEqual([bucket, build, undefined]);
        }
      }
      for (const stale of [`${experiment.id + 1}.3`, 'x', `${experiment.id}.100`, `${experiment.id}.-1`]) {
        const seen = await visit(site, '/about', { Cookie: `exp_about=${stale}` });
        expect(seen.value).toMatch(new RegExp(`^${experiment.id}\\.\\d{1,2}$`));
      }
      const remotes = await fetch(`${site.baseUrl}/remotes.json`, {
        headers: { Cookie: `exp_about=${experiment.id}.3` },
      });
      expect(remotes.headers.get('cache-control')).toBe('private, no-cache');
      expect(((await remotes.json()) as { about: string }).about).toBe(experiment.candidateUrl);
    },
  );

  itOnOneStorage(
    'gives a visitor with Global Privacy Control or Do Not Track the live release and no cookie',
    async () => {
      for (const headers of [{ 'Sec-GPC': '1' }, { DNT: '1' }] as Array<Record<string, string>>) {
        for (let i = 0; i < 20; i++) {
          const seen = await visit(site, '/about', headers);
          expect([seen.about, seen.cookie]).toEqual(['about-1', undefined]);
        }
      }
    },
  );

  it('changes the share: new visitors follow it, the history says so', async () => {
    const changed = await owner('POST', `/api/owner/experiments/${experiment.id}/share`, { share: 10 });
    expect(changed.status).toBe(200);
    expect(await json<Experiment>(changed)).toMatchObject({ share: 10 });
    expect((await history())[0]).toMatchObject({ action: 'experiment share changed', note: '10 %' });
    const seen = await visit(site, '/about', { Cookie: `exp_about=${experiment.id}.30` });
    expect(seen.about).toBe('about-1');
  });

  it('reads results per variant from the field beacons: visitors, p75 with intervals, error rate, verdict', async () => {
    // at 10 %: 30 fresh visitors on live and 20 on the candidate send their page's beacon, alike but for one error
    // on the candidate (an LCP a second slower would stop it: the guard's test is below)
    const came = await freshVisitors(site, experiment, { live: 30, candidate: 20 }, (variant, index) =>
      aboutVisit(1000 + (index % 10) * 20, variant === 'candidate' && index === 0),
    );
    const results = await eventually(async () => {
      const read = await json<ExperimentResults>(await owner('GET', `/api/owner/experiments/${experiment.id}/results`));
      // the server's record of the visitors it sent a first page is added every second
      return read.guard.served.live + read.guard.served.candidate >= came.live + came.candidate && read;
    }, 'every visitor served counted');
    expect(results.live).toMatchObject({ build: running.liveId, visitors: 30, errors: { events: 0, visitors: 30 } });
    expect(results.candidate).toMatchObject({ build: running.candidateId, visitors: 20, errors: { events: 1 } });
    const lcp = results.candidate.p75.LCP;
    expect(lcp?.count).toBe(20);
    expect(lcp && lcp.low <= lcp.value && lcp.value <= lcp.high).toBe(true);
    expect(Math.abs((lcp?.value ?? 0) - 1140) / 1140).toBeLessThan(0.06);
    expect(results.verdicts.errors).toBe('not enough visits yet: 20 of the 100 needed');
    expect(results.hours.length).toBeGreaterThanOrEqual(1);
    // the guard's view: each visitor once, its errors and values, and no harm found in so few
    const { errors, LCP } = results.guard.guardrails;
    expect([errors.live, errors.candidate]).toEqual([
      { events: 0, visitors: 30 },
      { events: 1, visitors: 20 },
    ]);
    expect(errors.evidence).toBeLessThan(errors.needed);
    expect(Math.abs((LCP.p75?.candidate ?? 0) - 1140) / 1140).toBeLessThan(0.02);
    expect(results.guard.mismatch).toBeNull();
    expect(results.guard.served.candidate).toBeGreaterThanOrEqual(20);
  });

  it('ends: everyone on live, the cookie cleared, pages public again', async () => {
    const ended = await owner('POST', `/api/owner/experiments/${experiment.id}/end`);
    expect(await json<Experiment>(ended)).toMatchObject({ endReason: 'ended', endedAt: expect.any(String) });
    expect((await owner('POST', `/api/owner/experiments/${experiment.id}/end`)).status).toBe(409);
    const seen = await visit(site, '/about', { Cookie: `exp_about=${experiment.id}.3` });
    expect([seen.status, seen.about]).toEqual([200, 'about-1']);
    expect(seen.cookie).toMatch(/^exp_about=; Max-Age=0;/);
    const fresh = await visit(site, '/about');
    expect(fresh.cacheControl).toMatch(/^public/);
    expect(fresh.cookie).toBeUndefined();
    expect((await history())[0]).toMatchObject({ action: 'experiment ended' });
  });

  it('refuses forged beacons: five, then five hundred, stop no experiment and add no row', async () => {
    const guarded = await startExperiment(site, session, { releaseId: running.candidateId, share: 50 });
    const { proof } = await pageView(site, '/about');
    const forged = (i: number) => {
      const events = [
        { kind: 'view', route: 'about' },
        { kind: 'error', route: 'about', message: `TypeError: forged ${i}` },
      ];
      // the red team's beacon (the candidate's release named by the body), or a real proof's payload with another signature
      return i % 2 === 0
        ? { builds: { about: running.candidateId }, events }
        : { proof: `${(proof ?? '').split('.')[0]}.${'A'.repeat(22)}`, events };
    };
    // what the results read: the raw events of the candidate's release, and the guard's visitors
    const rows = async () => {
      const results = await json<ExperimentResults>(await owner('GET', `/api/owner/experiments/${guarded.id}/results`));
      return { candidate: results.candidate.visitors, guard: results.guard.guardrails.errors.candidate };
    };
    const before = await rows();
    const five = await Promise.all(Array.from({ length: 5 }, (_, i) => beacon(site, forged(i)).then((r) => r.status)));
    expect(five).toEqual([400, 403, 400, 403, 400]);
    const many = await Promise.all(
      Array.from({ length: 500 }, (_, i) => beacon(site, forged(i)).then((r) => r.status)),
    );
    expect(new Set(many)).toEqual(new Set([400, 403]));
    // then the candidate's real visitors' beacons are lost (a sample ratio mismatch): the guard reports it, so it
    // has looked at everything since the forged beacons came, and stopped nothing
    await freshVisitors(site, guarded, { live: 80, candidate: 80 }, (variant, index) =>
      variant === 'live' || index < 20 ? aboutVisit(1200) : null,
    );
    const held = await eventually(async () => {
      const list = await json<Experiment[]>(await owner('GET', '/api/owner/experiments'));
      const found = list.find((experiment) => experiment.id === guarded.id);
      return found?.mismatch?.includes('gets 20 %') && found;
    }, 'the guard to report the mismatch');
    expect(held.mismatch).toBe(
      'the candidate gets 20 % of measured visits but was assigned 50 %: the results may be biased',
    );
    expect(held.endedAt).toBeNull();
    const after = await rows();
    expect(after.candidate).toBe(before.candidate + 20);
    expect(after.guard).toEqual({ events: 0, visitors: 20 });
    const results = await json<ExperimentResults>(await owner('GET', `/api/owner/experiments/${guarded.id}/results`));
    expect(results.guard.mismatch).toBe(held.mismatch);
    expect(results.guard.measuredShare).toBeCloseTo(0.2, 10);
    await owner('POST', `/api/owner/experiments/${guarded.id}/end`);
  });

  it('is stopped by the guard when the candidate errs: everyone on live, the reason kept, shown, mailed', async () => {
    const guarded = await startExperiment(site, session, { releaseId: running.candidateId, share: 50 });
    // a candidate that throws on every page: its visitors' first pages each report an error, live's none; the guard
    // stops at its 9th visitor (sequential-tests.reference.py), so they come last
    await freshVisitors(site, guarded, { live: 12, candidate: 0 }, () => aboutVisit(1200));
    await freshVisitors(site, guarded, { live: 0, candidate: 9 }, () => aboutVisit(1200, true));
    const stopped = await eventually(async () => {
      const list = await json<Experiment[]>(await owner('GET', '/api/owner/experiments'));
      return list.find((found) => found.id === guarded.id && found.endedAt !== null);
    }, 'the guard to stop it');
    expect(stopped.endReason).toMatch(
      /^stopped: the candidate's visitors met errors more often than live's: 9 of its 9 visitors against 0 of 12 \(evidence 35\.2, the guard stops at 33\.3\)$/,
    );
    expect((await history())[0]).toMatchObject({ action: 'experiment stopped', note: stopped.endReason?.slice(9) });
    // this replica's list of running experiments is a second old at most
    await new Promise((resolve) => setTimeout(resolve, runningCacheMs + 100));
    const seen = await visit(site, '/about', { Cookie: `exp_about=${guarded.id}.0` });
    expect([seen.status, seen.about]).toEqual([200, 'about-1']);
    const mail = await eventually(
      () => running.smtp.mails.find((found) => found.raw.includes('Experiment on the about section stopped')),
      'the mail to the owner',
    );
    expect(mail.raw).toContain('met errors more often than live');
  });

  it('promotes the candidate: it goes live, the experiment ends as promoted', async () => {
    const trial = await startExperiment(site, session, { releaseId: running.candidateId, share: 20 });
    const promoted = await owner('POST', `/api/owner/experiments/${trial.id}/promote`);
    expect(promoted.status).toBe(200);
    expect(await json<Experiment>(promoted)).toMatchObject({ endReason: 'promoted' });
    const seen = await visit(site, '/about');
    expect([seen.status, seen.about]).toEqual([200, 'about-2']);
    expect(seen.cookie).toBeUndefined();
    const changes = (await json<SectionsOverview>(await owner('GET', '/api/owner/sections'))).history;
    expect(changes.slice(0, 2).map((change) => change.action)).toEqual(['experiment promoted', 'promote']);
  });
});

describe(`an experiment's renderers (${testStorage})`, () => {
  // renderers idle after 1 s: every visit below comes after a quiet while longer than that
  let running: ExperimentSite;
  const quietMs = 3000;
  beforeAll(async () => {
    running = await startExperimentSite({ RENDERER_IDLE_MS: '1000' });
  }, 180_000);
  afterAll(() => running.close());

  itOnOneStorage(
    "keeps both variants' renderers ready from its start to its end: each variant's first visitor after a quiet while gets the server's page",
    async () => {
      const [site] = running.sites as [OwnerSite];
      const experiment = await startExperiment(site, running.session, { releaseId: running.candidateId, share: 50 });
      const candidate = { Cookie: `exp_about=${experiment.id}.0` };
      const live = { Cookie: `exp_about=${experiment.id}.99` };
      // the first visit after the start: a page never rendered with the candidate
      const first = await visit(site, '/about/first-after-the-start', candidate);
      expect([first.status, first.about]).toEqual([200, 'about-2']);
      for (const [who, cookie, build] of [
        ['a candidate visitor', candidate, 'about-2'],
        ['a live visitor', live, 'about-1'],
      ] as const) {
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        const seen = await visit(site, `/about/after-a-quiet-while-${build}`, cookie);
        expect([who, seen.status, seen.about]).toEqual([who, 200, build]);
      }
      // the end: live for everyone, the first visit after it the server's page too
      const ended = await call(site, 'POST', `/api/owner/experiments/${experiment.id}/end`, {
        session: running.session,
      });
      expect(ended.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      const after = await visit(site, '/about/first-after-the-end', candidate);
      expect([after.status, after.about]).toEqual([200, 'about-1']);
    },
  );
});
