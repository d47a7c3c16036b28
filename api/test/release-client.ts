import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { CreatedDeployToken, NewDeployToken } from '@portfolio/contracts/section-releases';
import { call, json } from './owner-site.js';

/** A deploy token made through the owner's endpoint, as the owner's area makes one. */
export async function newToken(
  site: { baseUrl: string },
  session: string,
  section: RemoteName,
  options: Partial<NewDeployToken> = {},
): Promise<CreatedDeployToken> {
  const response = await call(site, 'POST', '/api/owner/deploy-tokens', {
    session,
    body: { section, name: `${section} CI`, ...options },
  });
  if (response.status !== 201) throw new Error(`making a token answered ${response.status}: ${await response.text()}`);
  return json<CreatedDeployToken>(response);
}

/** One upload as `npm run release` (or a CI job) sends it. */
export function upload(
  site: { baseUrl: string },
  section: string,
  archive: Buffer,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${site.baseUrl}/api/sections/${section}/releases`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/gzip',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: archive,
  });
}

/** A call with a deploy token (no cookie, no Origin). */
export function withToken(site: { baseUrl: string }, method: string, urlPath: string, token: string, body?: unknown) {
  return fetch(`${site.baseUrl}${urlPath}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? (method === 'POST' ? '{}' : undefined) : JSON.stringify(body),
  });
}
