import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { remotes } from '@portfolio/parts';
import type { Experiment } from '@portfolio/contracts/experiments';
import type { OwnerStatus, SectionChange, SectionsOverview } from '@portfolio/contracts/owner';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import { ownerRoutesUnder } from '../app/owner-routes';

/**
 * React 19 reads a prevented form submission's data (for useFormStatus) with the global FormData, which under
 * jest-fixed-jsdom is Node's and refuses jsdom's form. The owner's pages submit JSON and never read it.
 */
const NodeFormData = globalThis.FormData;
globalThis.FormData = function FormDataOfNoForm() {
  return new NodeFormData();
} as unknown as typeof FormData;

// the first test of a file also waits for the owner's modules to load (a dynamic import) on a busy machine
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(20_000);

/** What the fake API answers one call: a status and a JSON body (none for 204), maybe headers. */
interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call's answer, or a promise of it (an answer the test holds back to see the page wait). */
export type FakeApi = Record<string, (body: unknown) => FakeAnswer | Promise<FakeAnswer>>;

/** Tests of the owner's pages: the browser's fetch answers from `api` ("POST owner/login": answer). */
export function installFakeApi(api: FakeApi): Array<{ call: string; body: unknown }> {
  const calls: Array<{ call: string; body: unknown }> = [];
  globalThis.fetch = jest.fn((input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const call = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\//, '')}${url.search}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ call, body });
    const handler = api[call];
    const answered = handler
      ? handler(body)
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: call } };
    return Promise.resolve(answered).then((answer) => {
      const status = answer.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), {
        status,
        headers: answer.headers,
      });
    });
  }) as typeof fetch;
  return calls;
}

export const status = (loggedIn: boolean, passwordSet = true): FakeAnswer => ({
  body: { passwordSet, loggedIn, expiresAt: null } satisfies OwnerStatus,
});

/** The owner's routes as the shell mounts them, opened at `path`. */
export function renderOwnerPage(path: string) {
  const router = createMemoryRouter([{ path: '/', HydrateFallback: () => null, children: [ownerRoutesUnder()] }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** The sections page's overview: every section live on release aaaaaaaaaaaaaaaa, healthy; its history as given. */
export const sectionsOverview = (history: SectionChange[] = []): SectionsOverview => ({
  sections: remotes.map((remote) => ({
    name: remote.name,
    label: remote.label,
    liveUrl: `/sections/${remote.name}/aaaaaaaaaaaaaaaa/remoteEntry.js`,
    liveHealth: {
      url: '',
      ok: true,
      entryAnswers: true,
      routeIds: [],
      missingRouteIds: [],
      version: null,
      builtAt: null,
      problems: [],
    },
    previousReleaseId: null,
    liveReleaseId: 'aaaaaaaaaaaaaaaa',
  })),
  history,
  storage: 'database',
});

/** A release of the about section, live or not, that passed its checks or not. */
export const aboutRelease = (id: string, live: boolean, ok = true): SectionRelease => ({
  section: 'about',
  id,
  version: `v-${id.slice(0, 4)}`,
  builtAt: null,
  uploadedAt: '2026-11-25T09:00:00.000Z',
  uploadedBy: { kind: 'owner' },
  note: null,
  checks: [],
  diskBytes: 4096,
  ok,
  entryUrl: `/sections/about/${id}/remoteEntry.js`,
  live,
  livePeriods: live ? [{ from: '2026-11-25T09:00:00.000Z', until: null }] : [],
});

/** The owner's running experiment on the about section, release bbbbbbbbbbbbbbbb on 20 % of visitors. */
export const aboutExperiment = (fields: Partial<Experiment> = {}): Experiment => ({
  id: 7,
  section: 'about',
  candidateReleaseId: 'bbbbbbbbbbbbbbbb',
  candidateUrl: '/sections/about/bbbbbbbbbbbbbbbb/remoteEntry.js',
  liveUrl: '/sections/about/aaaaaaaaaaaaaaaa/remoteEntry.js',
  share: 20,
  minVisitors: 100,
  marginsMs: { LCP: 0, INP: 0 },
  startedAt: '2026-11-25T10:00:00.000Z',
  endedAt: null,
  endReason: null,
  mismatch: null,
  rollout: null,
  startedBy: 'the owner',
  ...fields,
});
