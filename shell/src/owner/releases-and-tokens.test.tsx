import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { remotes } from '@portfolio/parts';
import { ownerPaths, type SectionsOverview } from '@portfolio/contracts/owner';
import type { DeployToken, ReleaseRefused, SectionRelease } from '@portfolio/contracts/section-releases';
import { installFakeApi, renderOwnerPage, status, type FakeApi } from './owner-test-kit';

const overview = (): { body: SectionsOverview } => ({
  body: {
    sections: remotes.map((remote) => {
      const health = { url: `/e/${remote.name}.js`, ok: true, entryAnswers: true, routeIds: [...remote.routeIds] };
      return {
        name: remote.name,
        label: remote.label,
        liveUrl: health.url,
        liveHealth: { ...health, missingRouteIds: [], version: 'v', builtAt: null, problems: [] },
        previousReleaseId: null,
        liveReleaseId: null,
      };
    }),
    history: [],
    storage: 'remotes.json',
  },
});

const release = (id: string, fields: Partial<SectionRelease> = {}): SectionRelease => ({
  section: 'about',
  id,
  version: `version-${id}`,
  builtAt: '2026-11-20T09:00:00.000Z',
  uploadedAt: '2026-11-20T10:00:00.000Z',
  uploadedBy: { kind: 'token', tokenName: 'CI of about' },
  note: null,
  checks: [{ name: 'routes', outcome: 'passed', detail: 'serves about' }],
  diskBytes: 5_452_595,
  ok: true,
  entryUrl: `/sections/about/${id}/remoteEntry.js`,
  live: false,
  livePeriods: [],
  ...fields,
});

// newest first: a candidate not yet live, the live one, and one live before it
const aboutReleases = [
  release('cccccccccccccccc', { uploadedAt: '2026-11-22T10:00:00.000Z', note: 'new gallery' }),
  release('bbbbbbbbbbbbbbbb', {
    uploadedAt: '2026-11-21T10:00:00.000Z',
    uploadedBy: { kind: 'site' },
    live: true,
    livePeriods: [{ from: '2026-11-21T11:00:00.000Z', until: null }],
  }),
  release('aaaaaaaaaaaaaaaa', {
    uploadedBy: { kind: 'owner' },
    livePeriods: [{ from: '2026-11-20T11:00:00.000Z', until: '2026-11-21T11:00:00.000Z' }],
  }),
];

const token: DeployToken = {
  id: 7,
  section: 'projects',
  name: 'CI of projects',
  mayPromote: true,
  createdAt: '2026-11-19T08:00:00.000Z',
  lastUsedAt: null,
};

function api(extra: FakeApi = {}): FakeApi {
  return {
    'GET owner/status': () => status(true),
    'GET owner/sections': overview,
    ...Object.fromEntries(
      remotes.map((remote) => [`GET owner/sections/${remote.name}/releases`, () => ({ body: [] })]),
    ),
    'GET owner/sections/about/releases': () => ({ body: aboutReleases }),
    'GET owner/deploy-tokens': () => ({ body: [token] }),
    ...extra,
  };
}

const releasesOf = async (label: string) =>
  within(await screen.findByRole('region', { name: label })).getByRole('region', { name: 'Releases' });

describe("the sections page's releases", () => {
  it('lists each release with its facts and offers Promote on newer ones and Roll back on earlier ones', async () => {
    installFakeApi(api());
    renderOwnerPage(ownerPaths.sections);
    const releases = await releasesOf('About section');
    const [newest, live, earlier, ...others] = within(releases)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(others).toHaveLength(0);
    const items = [newest!, live!, earlier!] as const;
    expect(items[0]).toHaveTextContent('new gallery');
    expect(items[0]).toHaveTextContent('the token “CI of about”');
    expect(items[0]).toHaveTextContent('5.2 MB on disk');
    expect(items[1]).toHaveTextContent('Live');
    expect(items[1]).toHaveTextContent('until now');
    expect(items[1]).toHaveTextContent('by the site, at its first start');
    expect(items[2]).toHaveTextContent('by the owner');
    expect(within(items[0]).getByRole('button', { name: 'Promote (release cccccccccccccccc)' })).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button')).toBeNull();
    expect(
      within(items[2]).getByRole('button', { name: 'Roll back to this release (release aaaaaaaaaaaaaaaa)' }),
    ).toBeInTheDocument();
    // a section without releases says how to ship one
    expect(await releasesOf('Resume section')).toHaveTextContent('npm run release -w mf-resume -- --site <URL>');
  });

  it('promotes through the API, and names the checks that failed when the site refuses (422)', async () => {
    let refuse = true;
    const refused: ReleaseRefused = {
      statusCode: 422,
      message: 'The release did not pass the checks again.',
      checks: [
        { name: 'routes', outcome: 'passed', detail: 'serves about' },
        { name: 'shared', outcome: 'failed', detail: 'react ^18.2.0 required, the site has 19.3.1' },
      ],
    };
    const calls = installFakeApi(
      api({
        'POST owner/sections/about/releases/aaaaaaaaaaaaaaaa/promote': () =>
          refuse ? { status: 422, body: refused } : overview(),
      }),
    );
    renderOwnerPage(ownerPaths.sections);
    const releases = await releasesOf('About section');
    await userEvent.click(within(releases).getByRole('button', { name: /Roll back to this release/ }));
    const alert = await within(releases).findByRole('alert');
    expect(alert).toHaveTextContent('The release did not pass the checks again.');
    expect(alert).toHaveTextContent('shared: react ^18.2.0 required, the site has 19.3.1');
    expect(alert).not.toHaveTextContent('serves about');
    expect(alert).toHaveFocus();

    refuse = false;
    await userEvent.click(within(releases).getByRole('button', { name: /Roll back to this release/ }));
    await waitFor(() => expect(within(releases).getByRole('status')).toHaveTextContent('every visitor now gets'));
    expect(calls.filter((call) => call.call.startsWith('POST')).map((call) => call.call)).toEqual([
      'POST owner/sections/about/releases/aaaaaaaaaaaaaaaa/promote',
      'POST owner/sections/about/releases/aaaaaaaaaaaaaaaa/promote',
    ]);
  });

  it('deletes a release not live only once the owner confirms, and says why when the site refuses (409)', async () => {
    let refuse = true;
    const calls = installFakeApi(
      api({
        'DELETE owner/sections/about/releases/cccccccccccccccc': () =>
          refuse
            ? { status: 409, body: { message: 'Release cccccccccccccccc is in the running experiment.' } }
            : { status: 204 },
      }),
    );
    renderOwnerPage(ownerPaths.sections);
    const releases = await releasesOf('About section');
    // the live release offers none; the others each one
    expect(
      within(releases)
        .getAllByRole('button', { name: /^Delete release/ })
        .map((button) => button.textContent),
    ).toEqual(['Delete release cccccccccccccccc', 'Delete release aaaaaaaaaaaaaaaa']);
    const remove = within(releases).getByRole('button', { name: 'Delete release cccccccccccccccc' });
    await userEvent.click(remove);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((call) => call.call)).not.toContain('DELETE owner/sections/about/releases/cccccccccccccccc');

    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this release?' });
    expect(dialog).toHaveTextContent('cccccccccccccccc');
    expect(dialog).toHaveTextContent('preview links stop working');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('in the running experiment');

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.call.startsWith('DELETE')).map((call) => call.call)).toEqual([
      'DELETE owner/sections/about/releases/cccccccccccccccc',
      'DELETE owner/sections/about/releases/cccccccccccccccc',
    ]);
  });

  it('offers no Delete on a release the running experiment shows', async () => {
    installFakeApi(
      api({
        'GET owner/experiments': () => ({
          body: [
            {
              id: 3,
              section: 'about',
              candidateReleaseId: 'cccccccccccccccc',
              candidateUrl: '/sections/about/cccccccccccccccc/remoteEntry.js',
              liveUrl: '/sections/about/bbbbbbbbbbbbbbbb/remoteEntry.js',
              share: 10,
              minVisitors: 100,
              marginsMs: { LCP: 100, INP: 50 },
              startedAt: '2026-11-22T11:00:00.000Z',
              endedAt: null,
              endReason: null,
            },
          ],
        }),
      }),
    );
    renderOwnerPage(ownerPaths.sections);
    const releases = await releasesOf('About section');
    expect(
      within(releases)
        .getAllByRole('button', { name: /^Delete release/ })
        .map((button) => button.textContent),
    ).toEqual(['Delete release aaaaaaaaaaaaaaaa']);
  });

  it("says so where a section's releases could not be loaded, and keeps the rest of the page", async () => {
    installFakeApi(
      api({ 'GET owner/sections/about/releases': () => ({ status: 503, body: { message: 'Storage is down.' } }) }),
    );
    renderOwnerPage(ownerPaths.sections);
    expect(within(await releasesOf('About section')).getByRole('alert')).toHaveTextContent('Storage is down.');
    expect(screen.getByRole('region', { name: 'Deploy tokens' })).toHaveTextContent('CI of projects');
  });
});

describe("the sections page's deploy tokens", () => {
  it('lists the tokens, makes one (its secret shown once with the release command) and refuses a nameless one', async () => {
    const calls = installFakeApi(
      api({
        'POST owner/deploy-tokens': (body) => ({
          status: 201,
          body: { token: { ...token, id: 8, ...(body as object), lastUsedAt: null }, secret: 'st_the-secret' },
        }),
      }),
    );
    renderOwnerPage(ownerPaths.sections);
    const tokens = await screen.findByRole('region', { name: 'Deploy tokens' });
    expect(tokens).toHaveTextContent('CI of projects');
    expect(tokens).toHaveTextContent('Projects section');
    expect(tokens).toHaveTextContent('May promote');
    expect(tokens).toHaveTextContent('Never');

    await userEvent.click(within(tokens).getByRole('button', { name: 'Create token' }));
    expect(await within(tokens).findByRole('alert')).toHaveTextContent('Name the token');

    await userEvent.selectOptions(within(tokens).getByLabelText('Section'), 'About section');
    await userEvent.type(within(tokens).getByLabelText('Name'), "Ada's laptop");
    await userEvent.click(within(tokens).getByLabelText(/May promote/));
    await userEvent.click(within(tokens).getByRole('button', { name: 'Create token' }));
    const made = await within(tokens).findByRole('status');
    expect(within(made).getByLabelText('The new token')).toHaveValue('st_the-secret');
    expect(made).toHaveTextContent('shown only this once');
    expect(made).toHaveTextContent('SECTION_TOKEN=<token> npm run release -w mf-about -- --site <URL>');
    expect(calls.filter((call) => call.call === 'POST owner/deploy-tokens').map((call) => call.body)).toEqual([
      { section: 'about', name: "Ada's laptop", mayPromote: true },
    ]);
  });

  it('revokes a token only once the owner confirms', async () => {
    const calls = installFakeApi(api({ 'DELETE owner/deploy-tokens/7': () => ({ status: 204 }) }));
    renderOwnerPage(ownerPaths.sections);
    const tokens = await screen.findByRole('region', { name: 'Deploy tokens' });
    const revoke = within(tokens).getByRole('button', { name: 'Revoke the token “CI of projects”' });
    await userEvent.click(revoke);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((call) => call.call)).not.toContain('DELETE owner/deploy-tokens/7');

    await userEvent.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.map((call) => call.call)).toContain('DELETE owner/deploy-tokens/7'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the tokens could not be loaded', async () => {
    installFakeApi(api({ 'GET owner/deploy-tokens': () => ({ status: 500, body: { message: 'Broken.' } }) }));
    renderOwnerPage(ownerPaths.sections);
    const tokens = await screen.findByRole('region', { name: 'Deploy tokens' });
    expect(within(tokens).getByRole('alert')).toHaveTextContent('Broken.');
  });
});
