import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { addMapping, GenMapping, setSourceContent, toEncodedMap } from '@jridgewell/gen-mapping';
import type { ErrorGroups, FieldHealth, FieldEvent } from '@portfolio/contracts/field-events';
import { startExperiment, startExperimentSite, type ExperimentSite } from './experiments-site.js';
import { call, candidateBuild, json, type OwnerSite } from './owner-site.js';
import { pageView, report } from './page-views.js';
import { newToken, upload } from './release-client.js';
import { folderEntries, tarGz } from './tar-archive.js';
import { itOnOneStorage, newStorage, openStorage, testStorage } from './test-storage.js';
import { FieldEventsStore } from '../src/field/field-events-store.js';
import type { SectionRelease } from '@portfolio/contracts/section-releases';

// Errors grouped per release, through the real stack: a release whose code throws (its chunk run in V8 for a real
// stack, its source map beside it as the build leaves it), beacons as browsers send them, the owner's groups.

const chunk = 'chunk.0123456789.js';
/** The section's source, as its map holds it: the gallery reads `props.data.photos` on its second line. */
const gallerySource = [
  'export function Gallery(props: Props) {',
  '  const photos = props.data.photos;',
  '  return photos.length;',
  '}',
].join('\n');
/** Its minified build: one line, the function `r`, run by the page. */
const galleryCode = 'function r(p){return p.data.photos.length}r({});';

/** A release of about (a copy of the stand-in build) with the throwing chunk and its map, as the build writes them. */
function throwingBuild(siteDir: string, version: string): string {
  const dist = candidateBuild(siteDir, 'about', version);
  const map = new GenMapping({ file: chunk });
  const source = 'webpack://portfolio_about/./src/gallery.tsx';
  setSourceContent(map, source, gallerySource);
  addMapping(map, { generated: { line: 1, column: 0 }, source, original: { line: 1, column: 0 }, name: 'Gallery' });
  addMapping(map, { generated: { line: 1, column: 14 }, source, original: { line: 2, column: 17 } });
  writeFileSync(path.join(dist, chunk), `${galleryCode}\n`);
  writeFileSync(path.join(dist, `${chunk}.map`), JSON.stringify(toEncodedMap(map)));
  return dist;
}

/** What Chrome reports when the page runs the chunk: V8's own message and stack, at the release's URL. */
function chromeReport(url: string): { message: string; stack: string } {
  try {
    runInNewContext(galleryCode, {}, { filename: url });
  } catch (error) {
    const { name, message, stack } = error as Error;
    return { message: `${name}: ${message}`, stack: stack ?? '' };
  }
  throw new Error('the chunk did not throw');
}

describe(`error groups (${testStorage})`, () => {
  let running: ExperimentSite;
  let site: OwnerSite;
  let session: string;
  let candidateId: string;
  let experimentId: number;
  beforeAll(async () => {
    // the guard looks once an hour: it must not stop the candidate while the test reports its errors
    running = await startExperimentSite({ EXPERIMENT_GUARD_MS: '3600000' });
    [site] = running.sites as [OwnerSite];
    session = running.session;
    const token = (await newToken(site, session, 'about')).secret;
    const dist = throwingBuild(running.siteDir, '3');
    // a map beside the shell's files, as the build leaves it
    writeFileSync(path.join(running.siteDir, 'shell/dist/main.0123456789.js.map'), '{"version":3,"mappings":""}');
    const uploaded = await upload(site, 'about', tarGz(folderEntries(dist)), token);
    expect(uploaded.status).toBe(201);
    await uploaded.arrayBuffer();
    const releases = await json<SectionRelease[]>(
      await call(site, 'GET', '/api/owner/sections/about/releases', { session }),
    );
    candidateId = releases.find((release) => release.version === 'about-3')?.id ?? '';
    experimentId = (await startExperiment(site, session, { releaseId: candidateId, share: 50 })).id;
  }, 180_000);
  afterAll(() => running.close());

  const proofFor = async (variant: 'candidate' | 'live') => {
    const { proof } = await pageView(site, '/about', {
      Cookie: `exp_about=${experimentId}.${variant === 'candidate' ? 0 : 99}`,
    });
    if (!proof) throw new Error('no proof');
    return proof;
  };
  const groupsOf = async (build: string) =>
    json<ErrorGroups>(
      await call(site, 'GET', `/api/owner/field-health/errors?section=about&build=${build}`, { session }),
    );

  it('groups one error from two browsers, counts its page views once, and marks it new in the release', async () => {
    const url = `${site.baseUrl}/sections/about/${candidateId}/${chunk}`;
    const chrome = chromeReport(url);
    expect(chrome.stack).toContain(`${url}:1:`);
    const column = /:1:(\d+)\)?\s*$/m.exec(chrome.stack)?.[1];
    // Firefox words it its own way, and writes its frames `name@url:line:column`
    const firefox = { message: 'TypeError: p.data is undefined', stack: `r@${url}:1:${column}\n@${url}:1:44\n` };
    const error = (report: { message: string; stack: string }): FieldEvent => ({
      kind: 'error',
      route: 'about',
      ...report,
    });
    const first = await proofFor('candidate');
    expect(await report(site, first, [{ kind: 'view', route: 'about' }, error(chrome), error(chrome)])).toBe(204);
    expect(await report(site, await proofFor('candidate'), [error(firefox)])).toBe(204);
    // an error without a stack, from the live release and the candidate: not new in the candidate
    const quota: FieldEvent = { kind: 'error', route: 'about', message: 'Error: quota of 5 reached for "photos"' };
    expect(await report(site, await proofFor('live'), [quota])).toBe(204);
    expect(
      await report(site, await proofFor('candidate'), [{ ...quota, message: 'Error: quota of 7 reached for "x"' }]),
    ).toBe(204);

    const groups = await groupsOf(candidateId);
    expect(groups).toEqual({
      section: 'about',
      build: candidateId,
      liveBuild: running.liveId,
      groups: [
        {
          fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown,
          message: 'TypeError: Cannot read properties of undefined (reading <value>)',
          // the throw in r, and the page's call of r (both on the gallery's second line in this small map)
          frames: [
            { file: 'src/gallery.tsx', line: 2, column: 18, function: 'Gallery', mapped: true },
            { file: 'src/gallery.tsx', line: 2, column: 18, function: 'Gallery', mapped: true },
          ],
          count: 3,
          visitors: 2,
          firstBuild: candidateId,
          firstSeen: expect.any(String) as unknown,
          newInRelease: true,
        },
        expect.objectContaining({
          message: 'Error: quota of <n> reached for <value>',
          frames: [],
          count: 1,
          visitors: 1,
          firstBuild: running.liveId,
          newInRelease: false,
        }),
      ],
    });
    // the Field health page: each build's groups beside its figures
    const health = await json<FieldHealth>(await call(site, 'GET', '/api/owner/field-health', { session }));
    const candidateRow = health.rows.find((row) => row.section === 'about' && row.build === candidateId);
    expect(candidateRow?.errorGroups.map((group) => group.count)).toEqual([3, 1]);
    const liveRow = health.rows.find((row) => row.section === 'about' && row.build === running.liveId);
    expect(liveRow?.errorGroups).toEqual([expect.objectContaining({ count: 1, newInRelease: true })]);
  });

  it('takes a hostile stack (thousands of frames, junk) at little cost, and loses nothing else of the beacon', async () => {
    const url = `${site.baseUrl}/sections/about/${candidateId}/${chunk}`;
    const frames = Array.from({ length: 20 }, (_, index) => `    at r (${url}:1:${15 + index})`)
      .join('\n')
      .slice(0, 1000);
    const hostile: FieldEvent[] = [
      { kind: 'view', route: 'about' },
      { kind: 'error', route: 'about', message: 'TypeError: x', stack: frames },
      {
        kind: 'error',
        route: 'about',
        message: 'TypeError: y',
        stack: `    at r (${url.replace(chunk, '../../../x.js')}:1:1)`,
      },
      {
        kind: 'error',
        route: 'about',
        message: 'TypeError: z',
        stack: `    at r (${url}.map:0:0)\n${'@'.repeat(900)}`,
      },
    ];
    const started = performance.now();
    expect(await report(site, await proofFor('candidate'), hostile)).toBe(204);
    const elapsed = performance.now() - started;
    console.log(`a hostile beacon answered in ${elapsed.toFixed(0)} ms`);
    const groups = (await groupsOf(candidateId)).groups;
    // of the many frames, the top three are mapped (a group of its own: three frames, not the two of the first test)
    expect(groups.find((group) => group.message === 'TypeError: x')?.frames).toHaveLength(3);
    expect(groups.map((group) => group.message)).toEqual(
      expect.arrayContaining(['TypeError: x', 'TypeError: y', 'TypeError: z']),
    );
    // a stack beyond its limit is refused whole (400), as any body out of its form
    const tooLong: FieldEvent[] = [{ kind: 'error', route: 'about', message: 'E', stack: 'x'.repeat(1001) }];
    expect(await report(site, await proofFor('candidate'), tooLong)).toBe(400);
  });

  it("keeps the maps on the server: a release map, or the shell's, answers 404; no served file names one", async () => {
    const file = await fetch(`${site.baseUrl}/sections/about/${candidateId}/${chunk}`);
    expect(file.status).toBe(200);
    expect(await file.text()).not.toContain('sourceMappingURL');
    for (const mapPath of [
      `/sections/about/${candidateId}/${chunk}.map`,
      `/sections/about/${candidateId}/${chunk.toUpperCase()}.MAP`,
      `/sections/about/${candidateId}/${chunk}%2Emap`,
      '/main.0123456789.js.map',
    ]) {
      const response = await fetch(`${site.baseUrl}${mapPath}`);
      expect([mapPath, response.status]).toEqual([mapPath, 404]);
      expect(await response.text()).not.toContain('mappings');
    }
  });

  itOnOneStorage('answers the owner only: no session 401, a section or build not named 400', async () => {
    expect((await call(site, 'GET', `/api/owner/field-health/errors?section=about&build=${candidateId}`)).status).toBe(
      401,
    );
    for (const query of [
      '',
      'section=nope&build=0123456789abcdef',
      'section=about',
      'section=about&build=../x',
      'section=about&section=home&build=0123456789abcdef',
    ])
      expect([query, (await call(site, 'GET', `/api/owner/field-health/errors?${query}`, { session })).status]).toEqual(
        [query, 400],
      );
  });
});

describe(`error groups' retention (${testStorage})`, () => {
  // no server: the cleanup's own code on a storage of its own, its clock given (FieldCleanup calls deleteOld())
  it('deletes daily rows after 90 days, a group with them once it is a day old, and the views whose proof row went', async () => {
    const database = await openStorage(newStorage());
    try {
      const now = new Date('2027-03-01T12:00:00.000Z');
      const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
      const group = (fingerprint: string, firstSeenDaysAgo: number) =>
        database.query(
          `insert into error_groups (section, fingerprint, message, frames, first_build, first_seen)
           values ('about', $1, 'TypeError: x', '[]', 'b1', $2::timestamptz)`,
          [fingerprint, daysBefore(firstSeenDaysAgo)],
        );
      const daily = (fingerprint: string, daysAgo: number) =>
        database.query(
          `insert into error_daily (day, section, build, fingerprint, count, visitors)
           values ($1::date, 'about', 'b1', $2, 1, 1)`,
          [daysBefore(daysAgo).slice(0, 10), fingerprint],
        );
      // reported 89 days ago: kept, rows and group
      await group('recent', 120);
      await daily('recent', 89);
      // last reported 91 days ago: its daily rows go, and the group with them (first seen long before)
      await group('quiet', 120);
      await daily('quiet', 91);
      await daily('quiet', 100);
      // no daily row (as between a report's transaction and its rows on another replica): kept for its first day
      await group('young', 0.5);
      await group('orphan', 2);
      // which page views reported a group: kept while the view's proof row is
      const [view] = await database.query<{ id: string }>(
        `insert into rum_views (nonce, expires_at, events) values ('live', $1::timestamptz, 1) returning id`,
        [new Date(now.getTime() + 600_000).toISOString()],
      );
      await database.query(
        `insert into error_views (view_id, fingerprint) values ($1::bigint, 'recent'), (987654, 'quiet')`,
        [view?.id],
      );

      await new FieldEventsStore(database).deleteOld(now);
      const left = async (sql: string) => (await database.query<{ name: string }>(sql)).map((row) => row.name);
      expect(await left(`select fingerprint || ' ' || day::text as name from error_daily order by 1`)).toEqual([
        `recent ${daysBefore(89).slice(0, 10)}`,
      ]);
      expect(await left('select fingerprint as name from error_groups order by 1')).toEqual(['recent', 'young']);
      expect(await left('select fingerprint as name from error_views')).toEqual(['recent']);

      // a day on, the young group without rows goes too; the one still reported stays
      await new FieldEventsStore(database).deleteOld(new Date(now.getTime() + 86_400_000));
      expect(await left('select fingerprint as name from error_groups order by 1')).toEqual(['recent']);
    } finally {
      await database.close();
    }
  });
});
