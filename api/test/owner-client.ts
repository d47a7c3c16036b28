import { ownerSessionCookie } from '@portfolio/contracts/owner';
import { loadConfig } from '../src/config/app-config.js';
import { OwnerPassword } from '../src/owner/owner-password.js';
import { hashPassword, lowestCost } from '../src/owner/password-hash.js';
import type { Queries } from '../src/storage/database.js';
import { openStorage, type StorageEnv } from './test-storage.js';

export interface OwnerRequest {
  body?: unknown;
  /** sent as is instead of JSON.stringify(body) */
  rawBody?: string;
  contentType?: string;
  /** null: no Origin header; undefined: the site's own */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A browser-like client of the owner's area: keeps cookies, sends the site's Origin, speaks JSON. */
export class OwnerClient {
  private readonly cookies = new Map<string, string>();
  /** the Set-Cookie headers of the last answer */
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, init: OwnerRequest = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    const origin = init.origin === undefined ? this.baseUrl : init.origin;
    if (origin) headers.Origin = origin;
    const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    if (body !== undefined) headers['Content-Type'] = init.contentType ?? 'application/json';
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const cookie of this.lastSetCookies) {
      const [name = '', ...value] = (cookie.split(';')[0] ?? '').split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    return response;
  }

  get = (path: string, init?: OwnerRequest) => this.request('GET', path, init);
  post = (path: string, body?: unknown, init?: OwnerRequest) => this.request('POST', path, { body, ...init });
  patch = (path: string, body?: unknown, init?: OwnerRequest) => this.request('PATCH', path, { body, ...init });
  delete = (path: string, init?: OwnerRequest) => this.request('DELETE', path, init);

  async login(password: string, init?: OwnerRequest): Promise<Response> {
    return this.post('/api/owner/login', { password }, init);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get session(): string | undefined {
    return this.cookie(ownerSessionCookie);
  }
}

/**
 * Sets the owner's password where the server of this storage reads it (a file in DATA_DIR, or PostgreSQL), hashed at
 * the lowest cost the server takes: the tests' logins are about sessions, throttles and cookies, and at the default
 * cost each took some 100 ms of CPU (owner-devices' 75 logins alone 8 s per storage). `npm run owner:password`'s
 * test sets and logs in with the default cost.
 */
export async function setOwnerPassword(storage: StorageEnv, password: string): Promise<void> {
  const config = loadConfig({ ...storage });
  const database = config.databaseUrl ? await openStorage(storage) : null;
  try {
    await new OwnerPassword(config, database).write(await hashPassword(password, lowestCost));
  } finally {
    await database?.close();
  }
}

/** Every call of the owner's area behind the session, with a body that would be valid for it. */
export const ownerCalls = (messageId: number) =>
  [
    { method: 'POST', path: '/api/owner/logout', body: undefined },
    { method: 'GET', path: '/api/owner/messages', body: undefined },
    { method: 'GET', path: '/api/owner/messages?page=2', body: undefined },
    { method: 'PATCH', path: `/api/owner/messages/${messageId}`, body: { read: true } },
    { method: 'POST', path: `/api/owner/messages/${messageId}/send-now`, body: undefined },
    { method: 'DELETE', path: `/api/owner/messages/${messageId}`, body: undefined },
  ] as const;

/**
 * Moves every owner session `ms` into the future, as a quiet period that long would: the sessions' rule reads the
 * database's clock (`now()`, shared by replicas), which no fake timer of the test's process reaches, so the ends
 * it compares with it (the last call, the hard end) are moved back instead. When each began is left alone: it is
 * compared with when the password was set, not with the clock.
 */
export async function passSessionTime(database: Queries, ms: number): Promise<void> {
  await database.query(
    `update owner_sessions set last_seen_at = last_seen_at - make_interval(secs => $1),
       expires_at = expires_at - make_interval(secs => $1)`,
    [ms / 1000],
  );
}
