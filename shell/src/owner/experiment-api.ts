import { apiRequest } from '@portfolio/ui/api-client';
import type { Experiment, ExperimentResults, NewRollout } from '@portfolio/contracts/experiments';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { SectionRelease } from '@portfolio/contracts/section-releases';

const experiment = (id: number) => `owner/experiments/${encodeURIComponent(id)}`;

/** The experiments' and rollouts' calls (@portfolio/contracts/experiments), one function each. */
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
  startRollout: (name: RemoteName, rollout: NewRollout) =>
    apiRequest<Experiment>(`owner/sections/${encodeURIComponent(name)}/rollout`, { method: 'POST', body: rollout }),
  pause: (id: number) => apiRequest<Experiment>(`${experiment(id)}/pause`, { method: 'POST' }),
  resume: (id: number) => apiRequest<Experiment>(`${experiment(id)}/resume`, { method: 'POST' }),
  rollBack: (id: number) => apiRequest<Experiment>(`${experiment(id)}/roll-back`, { method: 'POST' }),
};
