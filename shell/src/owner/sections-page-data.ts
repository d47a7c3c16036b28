import type { Experiment } from '@portfolio/contracts/experiments';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { DeployToken, SectionRelease } from '@portfolio/contracts/section-releases';
import { experimentApi } from './experiment-api';
import { ownerApi } from './owner-api';
import { describeError, withSession } from './owner-calls';

/** Something the page loaded, or why it could not: one part failing leaves the rest of the page usable. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; message: string };

export interface SectionsPageData {
  overview: SectionsOverview;
  releases: Partial<Record<RemoteName, Loaded<SectionRelease[]>>>;
  tokens: Loaded<DeployToken[]>;
  /** each section's experiment, running or latest (none when the list cannot be read) */
  experiments: Partial<Record<RemoteName, Experiment>>;
}

/** A section's releases when they loaded, else none (its card says why). */
export const releasesOf = (releases: Loaded<SectionRelease[]> | undefined): SectionRelease[] =>
  releases?.ok ? releases.value : [];

/** A call of the page whose failure (other than an ended session) is shown where its part would be. */
async function loaded<T>(call: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await withSession(call) };
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to the login page
    return { ok: false, message: describeError(error) };
  }
}

/** The live sections, each one's releases, the deploy tokens and the experiments, asked for side by side. */
export async function loadSectionsPage(): Promise<SectionsPageData> {
  const overviewCall = withSession(() => ownerApi.sections());
  const tokensCall = loaded(() => ownerApi.deployTokens());
  const experimentsCall = loaded(() => experimentApi.list());
  const overview = await overviewCall;
  const releases = await Promise.all(
    overview.sections.map(async (section) => [section.name, await loaded(() => ownerApi.releases(section.name))]),
  );
  const experiments = await experimentsCall;
  return {
    overview,
    releases: Object.fromEntries(releases) as SectionsPageData['releases'],
    tokens: await tokensCall,
    experiments: Object.fromEntries((experiments.ok ? experiments.value : []).map((found) => [found.section, found])),
  };
}
