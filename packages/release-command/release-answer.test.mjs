import { checkLines, refusalLines, rolloutLines } from './release-answer.mjs';

const context = { label: 'About section', site: new URL('https://example.com') };

describe("the site's answers in words", () => {
  it('prints each check on its own line with its outcome', () => {
    expect(
      checkLines([
        { name: 'routes', outcome: 'passed', detail: 'serves about' },
        { name: 'shared', outcome: 'failed', detail: 'react ^18.2.0 required, the site has 19.3.1' },
        { name: 'browser', outcome: 'skipped', detail: 'no Chromium on the server' },
      ]),
    ).toEqual([
      '  passed   routes: serves about',
      '  FAILED   shared: react ^18.2.0 required, the site has 19.3.1',
      '  skipped  browser: no Chromium on the server',
    ]);
  });

  it('names each failed check of a refused release, and says nothing changed', () => {
    const lines = refusalLines(
      {
        status: 422,
        body: {
          statusCode: 422,
          message: 'The release did not pass the checks.',
          checks: [
            { name: 'archive', outcome: 'passed', detail: 'ok' },
            { name: 'routes', outcome: 'failed', detail: './routes lacks "about"' },
          ],
        },
      },
      context,
    );
    expect(lines[0]).toMatch(/refused the release \(422\).*Nothing changed/);
    expect(lines.slice(1)).toEqual(['  FAILED   routes: ./routes lacks "about"']);
  });

  it.each([
    [401, /revoked.*new deploy token/s],
    [403, /one section only.*About section/s],
    [408, /faster connection.*RELEASE_BODY_MS/s],
    [413, /took no more \(413\): m/],
    [429, /busy with other uploads \(429: m\)/],
    [0, /Could not reach https:\/\/example.com/],
    [500, /answered 500/],
  ])('says what to do after a %i', (status, expected) => {
    expect(refusalLines({ status, body: { message: 'm' } }, context).join('\n')).toMatch(expected);
  });

  it('names a 413 without a message as too big', () => {
    expect(refusalLines({ status: 413, body: null }, context)).toEqual([
      'The site took no more (413): the release is too big for the site.',
    ]);
  });

  it('tells a token that may not promote, refused a rollout, to ask for one that may', () => {
    const message = 'This deploy token may not promote, so it may not start a rollout: the owner starts one.';
    expect(refusalLines({ status: 403, body: { message } }, context)[1]).toMatch(/marked "may promote"/);
  });
});

describe('rolloutLines', () => {
  it("prints a started rollout's step, share and when the next may begin", () => {
    const rollout = { steps: [5, 25, 50, 100], step: 0, holdMinutes: 60, stepVisitors: 50 };
    expect(rolloutLines({ share: 5, rollout: { ...rollout, nextStepAt: '2026-11-27T15:00:00.000Z' } })).toEqual([
      'Rollout started: step 1 of 4, 5 % of visitors get the release (steps 5, 25, 50, 100 %).',
      'The next step may begin at 2026-11-27T15:00:00.000Z, once 50 new visitors got the release in this step ' +
        "(each step is held 60 min at least); the site's guard rolls it back on harm and promotes it when its " +
        'next step would be 100 %.',
    ]);
  });
});
