import { defaultRemotesConfig } from '@portfolio/parts';
import type { Experiment } from '@portfolio/contracts/experiments';
import type { RumBatch } from '@portfolio/contracts/field-events';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import { fakeSite } from './fake-site.js';
import { call, candidateBuild, json, startOwnerSite, type OwnerSite } from './owner-site.js';
import { newToken, upload } from './release-client.js';
import { newStorage, type StorageEnv } from './test-storage.js';
import { folderEntries, tarGz } from './tar-archive.js';

/** A stand-in site whose about section has two releases: the first start's (live) and a candidate. */
export interface ExperimentSite {
  sites: OwnerSite[];
  session: string;
  liveId: string;
  candidateId: string;
  close: () => Promise<void>;
}

export async function startExperimentSite(
  env: NodeJS.ProcessEnv = {},
  replicas = 1,
  storage: StorageEnv = newStorage(),
): Promise<ExperimentSite> {
  const siteDir = fakeSite(defaultRemotesConfig(), true);
  const sites: OwnerSite[] = [];
  for (let i = 0; i < replicas; i++)
    sites.push(await startOwnerSite(siteDir, storage, { RATE_LIMIT_RUM: '100000', ...env }));
  const [first] = sites as [OwnerSite];
  const session = await first.logIn();
  const token = (await newToken(first, session, 'about')).secret;
  const uploaded = await upload(first, 'about', tarGz(folderEntries(candidateBuild(siteDir, 'about', '2'))), token);
  if (uploaded.status !== 201)
    throw new Error(`the candidate upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const releases = await json<SectionRelease[]>(
    await call(first, 'GET', '/api/owner/sections/about/releases', { session }),
  );
  const id = (version: string) => releases.find((release) => release.version === version)?.id ?? '';
  return {
    sites,
    session,
    liveId: id('about-1'),
    candidateId: id('about-2'),
    close: async () => {
      await Promise.all(sites.map((site) => site.close()));
    },
  };
}

export async function startExperiment(
  site: OwnerSite,
  session: string,
  body: Record<string, unknown>,
): Promise<Experiment> {
  const response = await call(site, 'POST', '/api/owner/sections/about/experiment', { session, body });
  if (response.status !== 201) throw new Error(`starting answered ${response.status}: ${await response.text()}`);
  return json<Experiment>(response);
}

/**
 * A visitor's page request, the first answer: cookies and privacy headers as given; which about build served it
 * (null: not the server's page of either), and its cookie.
 */
export async function visit(site: { baseUrl: string }, urlPath: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.baseUrl}${urlPath}`, { headers });
  const html = await response.text();
  const cookie = response.headers.getSetCookie().find((text) => text.startsWith('exp_about='));
  return {
    status: response.status,
    about: /about=(about-\d)/.exec(html)?.[1] ?? null,
    cacheControl: response.headers.get('cache-control'),
    cookie,
    /** `<id>.<bucket>` */
    value: cookie ? /^exp_about=([^;]*)/.exec(cookie)?.[1] : undefined,
  };
}

/** Beacons as visitors' browsers send them: `views` page views of /about on `build`, `errors` of them with one. */
export async function sendViews(site: { baseUrl: string }, build: string, views: number, errors: number, lcp = 1200) {
  for (let i = 0; i < views; i++) {
    const batch: RumBatch = {
      builds: { about: build },
      events: [
        { kind: 'view', route: 'about' },
        { kind: 'vital', route: 'about', name: 'LCP', value: lcp + (i % 10) * 20 },
        ...(i < errors ? [{ kind: 'error' as const, route: 'about' as const, message: 'boom' }] : []),
      ],
    };
    const response = await fetch(`${site.baseUrl}/api/rum`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: site.baseUrl },
      body: JSON.stringify(batch),
    });
    if (response.status >= 300) throw new Error(`a beacon answered ${response.status}`);
  }
}
