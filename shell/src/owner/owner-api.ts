import { apiAnswer, apiRequest } from '@portfolio/ui/api-client';
import type { InboxMessage, InboxPage, OwnerStatus, SectionsOverview } from '@portfolio/contracts/owner';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type {
  CreatedDeployToken,
  DeployToken,
  NewDeployToken,
  PreviewLink,
  SectionRelease,
} from '@portfolio/contracts/section-releases';

const message = (id: number) => `owner/messages/${encodeURIComponent(id)}`;
const section = (name: RemoteName) => `owner/sections/${encodeURIComponent(name)}`;

/** The calls of @portfolio/contracts/owner, one function each; an error answer rejects with ApiRequestError. */
export const ownerApi = {
  status: () => apiRequest<OwnerStatus>('owner/status'),
  login: (password: string) => apiRequest<OwnerStatus>('owner/login', { method: 'POST', body: { password } }),
  logout: () => apiRequest<undefined>('owner/logout', { method: 'POST' }),

  messages: (page: number) => apiRequest<InboxPage>(`owner/messages?page=${page}`),
  markRead: (id: number, read: boolean) => apiRequest<InboxMessage>(message(id), { method: 'PATCH', body: { read } }),
  sendNow: (id: number) => apiRequest<InboxMessage>(`${message(id)}/send-now`, { method: 'POST' }),
  deleteMessage: (id: number) => apiRequest<undefined>(message(id), { method: 'DELETE' }),

  sections: () => apiRequest<SectionsOverview>('owner/sections'),
  rollBack: (name: RemoteName) => apiRequest<SectionsOverview>(`${section(name)}/roll-back`, { method: 'POST' }),

  releases: (name: RemoteName) => apiRequest<SectionRelease[]>(`${section(name)}/releases`),
  /** the build at `url` (its remoteEntry.js) as a release: `created` false when it was one already (200, not 201) */
  importRelease: async (name: RemoteName, url: string) => {
    const answer = await apiAnswer<SectionRelease>(`${section(name)}/releases/import`, {
      method: 'POST',
      body: { url },
    });
    return { release: answer.value, created: answer.status === 201 };
  },
  previewRelease: (name: RemoteName, id: string) =>
    apiRequest<PreviewLink>(`${section(name)}/releases/${encodeURIComponent(id)}/preview`, { method: 'POST' }),
  promoteRelease: (name: RemoteName, id: string) =>
    apiRequest<SectionsOverview>(`${section(name)}/releases/${encodeURIComponent(id)}/promote`, {
      method: 'POST',
      body: {},
    }),
  deleteRelease: (name: RemoteName, id: string) =>
    apiRequest<undefined>(`${section(name)}/releases/${encodeURIComponent(id)}`, { method: 'DELETE' }),

  deployTokens: () => apiRequest<DeployToken[]>('owner/deploy-tokens'),
  createDeployToken: (token: NewDeployToken) =>
    apiRequest<CreatedDeployToken>('owner/deploy-tokens', { method: 'POST', body: token }),
  revokeDeployToken: (id: number) =>
    apiRequest<undefined>(`owner/deploy-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
