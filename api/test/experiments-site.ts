import { defaultRemotesConfig } from '@portfolio/parts';
import { startSmtpSink } from '@portfolio/stand-ins/smtp-sink';
import type { Experiment } from '@portfolio/contracts/experiments';
import type { FieldEvent } from '@portfolio/contracts/field-events';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import { fakeSite } from './fake-site.js';
import { call, candidateBuild, json, startOwnerSite, type OwnerSite } from './owner-site.js';
import { pageView, proofFields, report } from './page-views.js';
import { newToken, upload } from './release-client.js';
import { newStorage, type StorageEnv } from './test-storage.js';
import { folderEntries, tarGz } from './tar-archive.js';

/**
 * A stand-in site whose about section has two releases: the first start's (live) and a candidate; the owner's mail
 * (the guard's) goes to an SMTP sink.
 */
export interface ExperimentSite {
  sites: OwnerSite[];
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  /** the stand-in build the sites serve */
  siteDir: string;
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
  const smtp = await startSmtpSink();
  const sites: OwnerSite[] = [];
  for (let i = 0; i < replicas; i++)
    sites.push(await startOwnerSite(siteDir, storage, { RATE_LIMIT_RUM: '100000', SMTP_URL: smtp.url, ...env }));
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
    smtp,
    siteDir,
    session,
    liveId: id('about-1'),
    candidateId: id('about-2'),
    close: async () => {
      await Promise.all(sites.map((site) => site.close()));
      await smtp.close();
    },
  };
}

/** The owner starts an experiment (or a rollout) on the about section: anything but a 201 throws. */
export async function startExperiment(
  site: OwnerSite,
  session: string,
  body: Record<string, unknown>,
  kind: 'experiment' | 'rollout' = 'experiment',
): Promise<Experiment> {
  const response = await call(site, 'POST', `/api/owner/sections/about/${kind}`, { session, body });
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

/** A fresh visitor's first page of `urlPath`: the variant the server assigned them (its proof says), and the proof. */
export async function freshVisitor(site: { baseUrl: string }, experiment: Experiment, urlPath = '/about') {
  const view = await pageView(site, urlPath);
  const visit = view.proof ? proofFields(view.proof).f.find(([id]) => id === experiment.id) : undefined;
  if (!view.proof || !visit) throw new Error(`a fresh visitor got no assignment or no proof: ${JSON.stringify(view)}`);
  return { proof: view.proof, variant: visit[2] === 1 ? ('candidate' as const) : ('live' as const) };
}

export type Variant = 'live' | 'candidate';

/**
 * Fresh visitors of /about, as they come (the server assigns them at random), until `wanted` of each variant have
 * come; each of those sends the beacon `events` makes for it (null: its beacons are lost). Visitors beyond a
 * variant's count send nothing. Answers how many of each came in all.
 */
export async function freshVisitors(
  site: { baseUrl: string },
  experiment: Experiment,
  wanted: Record<Variant, number>,
  events: (variant: Variant, index: number) => FieldEvent[] | null,
): Promise<Record<Variant, number>> {
  const came = { live: 0, candidate: 0 };
  while (came.live < wanted.live || came.candidate < wanted.candidate) {
    const { proof, variant } = await freshVisitor(site, experiment);
    const index = came[variant]++;
    if (index >= wanted[variant]) continue;
    const batch = events(variant, index);
    if (batch && (await report(site, proof, batch)) !== 204) throw new Error('a beacon was refused');
  }
  return came;
}

/** What a visitor of /about reports: its view and LCP, and an error if `error`. */
export const aboutVisit = (lcp: number, error = false): FieldEvent[] => [
  { kind: 'view', route: 'about' },
  { kind: 'vital', route: 'about', name: 'LCP', value: lcp },
  ...(error ? [{ kind: 'error' as const, route: 'about' as const, message: 'TypeError: boom' }] : []),
];
