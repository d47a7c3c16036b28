import { apiRequest } from '@portfolio/ui/api-client';
import type { Experiment, ExperimentResults } from '@portfolio/contracts/experiments';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { SectionRelease } from '@portfolio/contracts/section-releases';

const experiment = (id: number) => `owner/experiments/${encodeURIComponent(id)}`;

/** The experiments' calls (@portfolio/contracts/experiments), one function each. */
export const experimentApi = {
  list: () => apiRequest<Experiment[]>('owner/experiments'),
  releases: (name: RemoteName) => apiRequest<SectionRelease[]>(`owner/sections/${encodeURIComponent(name)}/releases`),
  start: (name: RemoteName, releaseId: string, share: number) =>
    apiRequest<Experiment>(`owner/sections/${encodeURIComponent(name)}/experiment`, {
      method: 'POST',
      body: { releaseId, share },
    }),
  changeShare: (id: number, share: number) =>
    apiRequest<Experiment>(`${experiment(id)}/share`, { method: 'POST', body: { share } }),
  end: (id: number) => apiRequest<Experiment>(`${experiment(id)}/end`, { method: 'POST' }),
  promote: (id: number) => apiRequest<Experiment>(`${experiment(id)}/promote`, { method: 'POST' }),
  results: (id: number) => apiRequest<ExperimentResults>(`${experiment(id)}/results`),
};

/** Each section's experiment (running or latest) and its releases, for the cards; what fails is left out. */
export interface ExperimentsBySection {
  experiments: Partial<Record<RemoteName, Experiment>>;
  releases: Partial<Record<RemoteName, SectionRelease[]>>;
}

export async function experimentsBySection(names: readonly RemoteName[]): Promise<ExperimentsBySection> {
  const [list, releases] = await Promise.all([
    experimentApi.list().catch(() => [] as Experiment[]),
    Promise.all(names.map((name) => experimentApi.releases(name).catch(() => [] as SectionRelease[]))),
  ]);
  return {
    experiments: Object.fromEntries(list.map((found) => [found.section, found])),
    releases: Object.fromEntries(names.map((name, index) => [name, releases[index] ?? []])),
  };
}
