import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { remotes } from '@portfolio/parts';
import {
  ownerPaths,
  type SectionHealth,
  type SectionOverview,
  type SectionsOverview,
} from '@portfolio/contracts/owner';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import { installFakeApi, renderOwnerPage, status, type FakeApi } from './owner-test-kit';

const health = (url: string, fields: Partial<SectionHealth> = {}): SectionHealth => ({
  url,
  ok: true,
  entryAnswers: true,
  routeIds: ['about'],
  missingRouteIds: [],
  version: 'abc123',
  builtAt: '2026-11-20T09:00:00.000Z',
  problems: [],
  ...fields,
});

const overview = (sections: Partial<SectionOverview> = {}, history: SectionsOverview['history'] = []) => ({
  body: {
    sections: remotes.map((remote) => ({
      name: remote.name,
      label: remote.label,
      liveUrl: `/mf/${remote.name}/remoteEntry.js`,
      liveHealth: health(`/mf/${remote.name}/remoteEntry.js`),
      previousUrl: null,
      liveReleaseId: null,
      ...(remote.name === 'about' ? sections : {}),
    })),
    history,
    storage: 'remotes.json',
  } satisfies SectionsOverview,
});

/** No releases and no tokens yet: what the release API answers a site that has none. */
const noReleases = Object.fromEntries([
  ...remotes.map((remote) => [`GET owner/sections/${remote.name}/releases`, () => ({ body: [] })]),
  ['GET owner/deploy-tokens', () => ({ body: [] })],
]) as FakeApi;

const previewLink = {
  previewUrl: 'http://localhost:8081/sections/preview/eyJzIjoiYWJvdXQifQ.c2lnbmVk',
  previewExpiresAt: '2026-11-22T09:00:00.000Z',
};

const aboutRelease: SectionRelease = {
  section: 'about',
  id: '0123456789abcdef',
  version: 'about-2',
  builtAt: null,
  uploadedAt: '2026-11-21T08:00:00.000Z',
  uploadedBy: { kind: 'token', tokenName: 'CI' },
  note: null,
  checks: [],
  ok: true,
  entryUrl: '/sections/about/0123456789abcdef/remoteEntry.js',
  live: false,
  livePeriods: [],
  diskBytes: 4096,
};

const aboutCard = () => screen.findByRole('region', { name: 'About section' });

describe('the sections page', () => {
  it('names each URL field after its section, and says what Roll back goes back to', async () => {
    installFakeApi({
      ...noReleases,
      'GET owner/status': () => status(true),
      'GET owner/sections': () =>
        overview({ previousUrl: 'https://old.example.com/remoteEntry.js' }, [
          {
            section: 'about',
            action: 'promote',
            from: 'https://old.example.com/remoteEntry.js',
            to: '/mf/about/remoteEntry.js',
            at: '2026-11-21T08:00:00.000Z',
            by: 'the owner',
          },
          {
            section: 'home',
            action: 'first release',
            from: '/mf/home/remoteEntry.js',
            to: '/sections/home/0123456789abcdef/remoteEntry.js',
            at: '2026-11-20T08:00:00.000Z',
            by: 'the site',
          },
        ]),
    });
    renderOwnerPage(ownerPaths.sections);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sections' })).toHaveFocus();
    for (const remote of remotes)
      expect(screen.getByLabelText(`Candidate URL for the ${remote.label}`)).toBeInTheDocument();
    const card = await aboutCard();
    expect(card).toHaveTextContent('Healthy');
    expect(card).toHaveTextContent('abc123');
    expect(within(card).getByRole('button', { name: 'Roll back' })).toHaveAccessibleDescription(
      'Goes back to https://old.example.com/remoteEntry.js',
    );
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(
      'About section promoted from https://old.example.com/remoteEntry.js to /mf/about/remoteEntry.js',
    );
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(
      "home page first release, from its build on the site's first start: /sections/home/0123456789abcdef/remoteEntry.js",
    );
    const resume = screen.getByRole('region', { name: 'Resume section' });
    expect(within(resume).getByRole('button', { name: 'Roll back' })).toBeDisabled();
  });

  it('checks a candidate before Promote, and names the problems it found instead of promoting', async () => {
    const calls = installFakeApi({
      ...noReleases,
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview(),
      'POST owner/sections/about/check': (body) => ({
        body: health((body as { url: string }).url, {
          ok: false,
          routeIds: [],
          missingRouteIds: ['about'],
          problems: ['Its ./routes does not serve the route id "about".'],
        }),
      }),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    await userEvent.type(within(card).getByLabelText('Candidate URL for the About section'), 'https://x.example/e.js');
    await userEvent.click(within(card).getByRole('button', { name: 'Promote' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Its ./routes does not serve the route id "about".');
    expect(alert).toHaveFocus();
    expect(calls.map((call) => call.call)).not.toContain('POST owner/sections/about/promote');
  });

  it('previews, promotes and rolls back through the API, and says each was done', async () => {
    const calls = installFakeApi({
      ...noReleases,
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview({ previousUrl: '/old.js' }),
      'POST owner/sections/about/check': (body) => ({ body: health((body as { url: string }).url) }),
      'POST owner/sections/about/preview': () => ({ body: previewLink }),
      'POST owner/sections/about/promote': () => overview(),
      'POST owner/sections/about/roll-back': () => overview(),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    await userEvent.type(
      within(card).getByLabelText('Candidate URL for the About section'),
      ' https://x.example/e.js ',
    );
    for (const [button, said] of [
      ['Preview', 'Preview link made'],
      ['Promote', 'Promoted'],
      ['Roll back', 'Rolled back'],
    ] as const) {
      await userEvent.click(within(card).getByRole('button', { name: button }));
      await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent(said));
    }
    const sent = calls.filter((call) => call.call.startsWith('POST'));
    expect(sent).toHaveLength(4);
    expect(sent.map((call) => [call.call, call.body])).toEqual([
      ['POST owner/sections/about/preview', { url: 'https://x.example/e.js' }],
      ['POST owner/sections/about/check', { url: 'https://x.example/e.js' }],
      ['POST owner/sections/about/promote', { url: 'https://x.example/e.js' }],
      ['POST owner/sections/about/roll-back', undefined],
    ]);
  });

  it("shows a preview's link to the preview origin, to open in a tab of its own, for a candidate URL or a release", async () => {
    const calls = installFakeApi({
      ...noReleases,
      'GET owner/sections/about/releases': () => ({ body: [aboutRelease] }),
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview(),
      'POST owner/sections/about/preview': () => ({ body: previewLink }),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    await userEvent.type(within(card).getByLabelText('Candidate URL for the About section'), 'https://x.example/e.js');
    await userEvent.click(within(card).getByRole('button', { name: 'Preview' }));
    const made = await within(card).findByRole('status');
    expect(made).toHaveTextContent('Preview link made: visitors still get the live section.');
    const open = within(made).getByRole('link', { name: 'Open the preview of the About section' });
    expect(open).toHaveAttribute('href', previewLink.previewUrl);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(made).toHaveTextContent(previewLink.previewUrl);

    await userEvent.click(within(card).getByRole('button', { name: `Preview (release ${aboutRelease.id})` }));
    const releases = within(card).getByRole('region', { name: 'Releases' });
    expect(
      await within(releases).findByRole('link', { name: 'Open the preview of the About section' }),
    ).toHaveAttribute('href', previewLink.previewUrl);
    expect(calls.filter((call) => call.call.startsWith('POST')).map((call) => call.body)).toEqual([
      { url: 'https://x.example/e.js' },
      { url: aboutRelease.entryUrl },
    ]);
  });
});
