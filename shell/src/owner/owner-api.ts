import { requestJson } from '@portfolio/ui/api-client';
import type { InboxMessage, InboxPage, OwnerStatus, SectionHealth, SectionsOverview } from '@portfolio/contracts/owner';
import type { RemoteName } from '@portfolio/contracts/remote-routes';

const message = (id: number) => `owner/messages/${encodeURIComponent(id)}`;
const section = (name: RemoteName) => `owner/sections/${encodeURIComponent(name)}`;

/** The calls of @portfolio/contracts/owner, one function each; an error answer throws ApiRequestError. */
export const ownerApi = {
  status: () => requestJson<OwnerStatus>('owner/status'),
  login: (password: string) => requestJson<OwnerStatus>('owner/login', { method: 'POST', body: { password } }),
  logout: () => requestJson<undefined>('owner/logout', { method: 'POST' }),

  messages: (page: number) => requestJson<InboxPage>(`owner/messages?page=${page}`),
  markRead: (id: number, read: boolean) => requestJson<InboxMessage>(message(id), { method: 'PATCH', body: { read } }),
  sendNow: (id: number) => requestJson<InboxMessage>(`${message(id)}/send-now`, { method: 'POST' }),
  deleteMessage: (id: number) => requestJson<undefined>(message(id), { method: 'DELETE' }),

  sections: () => requestJson<SectionsOverview>('owner/sections'),
  check: (name: RemoteName, url: string) =>
    requestJson<SectionHealth>(`${section(name)}/check`, { method: 'POST', body: { url } }),
  preview: (name: RemoteName, url: string) =>
    requestJson<SectionsOverview>(`${section(name)}/preview`, { method: 'POST', body: { url } }),
  stopPreview: (name: RemoteName) => requestJson<SectionsOverview>(`${section(name)}/preview`, { method: 'DELETE' }),
  promote: (name: RemoteName, url: string) =>
    requestJson<SectionsOverview>(`${section(name)}/promote`, { method: 'POST', body: { url } }),
  rollBack: (name: RemoteName) => requestJson<SectionsOverview>(`${section(name)}/roll-back`, { method: 'POST' }),
};
