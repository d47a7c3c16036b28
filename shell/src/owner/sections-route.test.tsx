import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { remotes } from '@portfolio/parts';
import {
  ownerPaths,
  type SectionHealth,
  type SectionOverview,
  type SectionsOverview,
} from '@portfolio/contracts/owner';
import type { ReleaseRefused, SectionRelease } from '@portfolio/contracts/section-releases';
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
      previousReleaseId: null,
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

/** The answer a held-back call gets once the test lets it go. */
function heldBack<T>() {
  let release: (value: T) => void = () => undefined;
  const answer = new Promise<T>((resolve) => (release = resolve));
  return { answer, release };
}

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
const importField = (card: HTMLElement) =>
  within(card).getByRole('textbox', { name: 'Import a build from a URL into the About section' });
const buildUrl = 'https://builds.example.com/about/remoteEntry.js';

/** The about section's releases as the API lists them: those given, and those an import adds. */
function aboutReleases(...initial: SectionRelease[]) {
  const list = [...initial];
  return {
    list,
    api: { 'GET owner/sections/about/releases': () => ({ body: [...list] }) } as FakeApi,
  };
}

const imported: SectionRelease = {
  ...aboutRelease,
  id: 'fedcba9876543210',
  uploadedBy: { kind: 'owner' },
  note: `from ${buildUrl}`,
  uploadedAt: '2026-11-22T08:00:00.000Z',
  entryUrl: '/sections/about/fedcba9876543210/remoteEntry.js',
};

describe('the sections page', () => {
  it('names each import field after its section, says what Roll back goes back to, and lists imports in the history', async () => {
    installFakeApi({
      ...noReleases,
      'GET owner/status': () => status(true),
      'GET owner/sections': () =>
        overview({ previousReleaseId: '0123456789abcdef' }, [
          {
            section: 'about',
            action: 'release imported',
            from: '/mf/about/remoteEntry.js',
            to: '/sections/about/0123456789abcdef/remoteEntry.js',
            at: '2026-11-21T08:00:00.000Z',
            by: 'the owner',
            note: `from ${buildUrl}`,
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
      expect(
        screen.getByRole('textbox', { name: `Import a build from a URL into the ${remote.label}` }),
      ).toHaveAccessibleDescription(/^The build's remoteEntry\.js/);
    const card = await aboutCard();
    expect(card).toHaveTextContent('Healthy');
    expect(card).toHaveTextContent('abc123');
    expect(within(card).getByRole('button', { name: 'Roll back' })).toHaveAccessibleDescription(
      'Goes back to release 0123456789abcdef, live before this one (checked again first).',
    );
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent(
      `About section release imported: /sections/about/0123456789abcdef/remoteEntry.jsby the owner: from ${buildUrl}`,
    );
    expect(history).toHaveTextContent(
      "home page first release, from its build on the site's first start: /sections/home/0123456789abcdef/remoteEntry.js",
    );
    const resume = screen.getByRole('region', { name: 'Resume section' });
    const rollBack = within(resume).getByRole('button', { name: 'Roll back' });
    expect(rollBack).toBeDisabled();
    expect(rollBack).toHaveAccessibleDescription('Nothing to go back to: no release was live before this one.');
  });

  it('imports a build (201): the new release is in the list, marked and focused, and the status names it', async () => {
    const releases = aboutReleases(aboutRelease);
    const calls = installFakeApi({
      ...noReleases,
      ...releases.api,
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview(),
      'POST owner/sections/about/releases/import': () => {
        releases.list.unshift(imported);
        return { status: 201, body: imported };
      },
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    // the keyboard alone: type the URL, Enter
    await userEvent.type(importField(card), ` ${buildUrl} {Enter}`);
    const said = await within(card).findByRole('status');
    expect(said).toHaveTextContent(`Imported as release ${imported.id}.`);
    const item = within(card).getByText(imported.id).closest('li');
    expect(item).toHaveFocus();
    expect(item).toHaveAccessibleDescription(expect.stringContaining(`Imported as release ${imported.id}.`));
    expect(item).toHaveTextContent(`from ${buildUrl}`);
    expect(within(item!).getByRole('button', { name: `Preview (release ${imported.id})` })).toBeInTheDocument();
    expect(importField(card)).toHaveValue('');
    expect(calls.filter((call) => call.call.startsWith('POST')).map((call) => [call.call, call.body])).toEqual([
      ['POST owner/sections/about/releases/import', { url: buildUrl }],
    ]);
  });

  it('says when the build is a release already (200), and takes the owner to it', async () => {
    const releases = aboutReleases(imported, aboutRelease);
    installFakeApi({
      ...noReleases,
      ...releases.api,
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview(),
      'POST owner/sections/about/releases/import': () => ({ status: 200, body: aboutRelease }),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    await userEvent.type(importField(card), buildUrl);
    await userEvent.click(within(card).getByRole('button', { name: 'Import' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      `That build is release ${aboutRelease.id} already.`,
    );
    const items = within(within(card).getByRole('region', { name: 'Releases' })).getAllByRole('listitem');
    const item = items.find((found) => found.id.endsWith(aboutRelease.id));
    expect(item).toHaveFocus();
    expect(items.filter((found) => found.hasAttribute('tabindex'))).toEqual([item]);
  });

  it('names the refusal (422) and the checks that failed under the field, once each, which takes focus back; nothing is added', async () => {
    const refused: ReleaseRefused = {
      statusCode: 422,
      message: 'The release was refused. server-render: /about answered 500.',
      checks: [
        { name: 'archive', outcome: 'passed', detail: '41 files, 5.2 MB' },
        { name: 'server-render', outcome: 'failed', detail: '/about answered 500' },
        { name: 'shared', outcome: 'failed', detail: 'react ^18.2.0 required, the site has 19.3.1' },
      ],
    };
    const calls = installFakeApi({
      ...noReleases,
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview(),
      'POST owner/sections/about/releases/import': () => ({ status: 422, body: refused }),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    const field = importField(card);
    await userEvent.type(field, buildUrl);
    await userEvent.click(within(card).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringMatching(
        /^The release was refused\. server-render: \/about answered 500\. shared: react \^18\.2\.0 required, the site has 19\.3\.1 The build's/,
      ),
    );
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining('41 files'));
    // the URL stays, to be corrected
    expect(field).toHaveValue(buildUrl);
    expect(within(card).queryByRole('status')).toBeNull();
    expect(calls.filter((call) => call.call.startsWith('POST'))).toHaveLength(1);
  });

  it('asks for a URL before calling the API, and shows what the API says of a malformed one (400)', async () => {
    const calls = installFakeApi({
      ...noReleases,
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview(),
      'POST owner/sections/about/releases/import': () => ({
        status: 400,
        body: { statusCode: 400, message: 'Only http and https URLs can serve a section, not ftp: URLs.' },
      }),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    const field = importField(card);
    await userEvent.click(within(card).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining("Enter the build's remoteEntry.js URL first.")),
    );
    expect(calls.filter((call) => call.call.startsWith('POST'))).toHaveLength(0);
    await userEvent.type(field, 'ftp://builds.example.com/remoteEntry.js{Enter}');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('Only http and https URLs can serve a section'),
      ),
    );
    expect(field).toHaveFocus();
  });

  it('says Importing… while the server fetches and checks the build, and sends one import however often it is asked', async () => {
    const held = heldBack<{ status: number; body: SectionRelease }>();
    const releases = aboutReleases();
    const calls = installFakeApi({
      ...noReleases,
      ...releases.api,
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview(),
      'POST owner/sections/about/releases/import': () => held.answer,
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    await userEvent.type(importField(card), buildUrl);
    await userEvent.click(within(card).getByRole('button', { name: 'Import' }));
    const pending = await within(card).findByRole('button', { name: 'Importing…' });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(pending);
    await userEvent.type(importField(card), '{Enter}');
    releases.list.unshift(imported);
    held.release({ status: 201, body: imported });
    expect(await within(card).findByRole('status')).toHaveTextContent(`Imported as release ${imported.id}.`);
    expect(within(card).getByRole('button', { name: 'Import' })).not.toHaveAttribute('aria-disabled');
    expect(calls.filter((call) => call.call.startsWith('POST'))).toHaveLength(1);
  });

  it('rolls back through the API and names what every visitor gets again', async () => {
    const previous = '0123456789abcdef';
    const calls = installFakeApi({
      ...noReleases,
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview({ previousReleaseId: previous }),
      'POST owner/sections/about/roll-back': () => overview(),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Roll back' }));
    const said = await within(card).findByRole('status');
    expect(said).toHaveTextContent(`Rolled back: every visitor gets release ${previous} again.`);
    expect(said).toHaveFocus();
    expect(calls.filter((call) => call.call.startsWith('POST')).map((call) => [call.call, call.body])).toEqual([
      ['POST owner/sections/about/roll-back', undefined],
    ]);
  });

  it('previews a release by its id: the link to the preview origin, to open in a tab of its own', async () => {
    const calls = installFakeApi({
      ...noReleases,
      'GET owner/sections/about/releases': () => ({ body: [aboutRelease] }),
      'GET owner/status': () => status(true),
      'GET owner/sections': () => overview(),
      [`POST owner/sections/about/releases/${aboutRelease.id}/preview`]: () => ({ body: previewLink }),
    });
    renderOwnerPage(ownerPaths.sections);
    const card = await aboutCard();
    await userEvent.click(within(card).getByRole('button', { name: `Preview (release ${aboutRelease.id})` }));
    const made = await within(within(card).getByRole('region', { name: 'Releases' })).findByRole('status');
    expect(made).toHaveTextContent('Preview link made: visitors still get the release marked Live.');
    const open = within(made).getByRole('link', { name: 'Open the preview of the About section' });
    expect(open).toHaveAttribute('href', previewLink.previewUrl);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(made).toHaveTextContent(previewLink.previewUrl);
    expect(calls.filter((call) => call.call.startsWith('POST')).map((call) => [call.call, call.body])).toEqual([
      [`POST owner/sections/about/releases/${aboutRelease.id}/preview`, undefined],
    ]);
  });
});
