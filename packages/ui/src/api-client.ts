import type { ApiError } from '@portfolio/contracts/api-error';

/**
 * The one way the browser talks to the API (docs/product-rules.md "API calls"): JSON in, credentials sent,
 * no timeout. The API is under /api on the page's own origin (a proxy may send it elsewhere).
 */
export function apiUrl(path: string): string {
  return new URL(`/api/${path.replace(/^\//, '')}`, document.baseURI).href;
}

export interface PostJsonInit {
  signal?: AbortSignal;
  /** What the caller wants back; JSON unless it asks for a file (the resume PDF). */
  accept?: string;
}

export function postJson(path: string, body: unknown, init: PostJsonInit = {}): Promise<Response> {
  return fetch(apiUrl(path), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: init.accept ?? 'application/json' },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

/** GET a JSON document from the API (run-time configuration); a non-2xx answer is an error. */
export async function getJson<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(apiUrl(path), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: init.signal,
  });
  if (!response.ok) throw new Error(`GET ${apiUrl(path)} answered ${response.status}`);
  return (await response.json()) as T;
}

/** An answer of the API that is not a success (its one JSON error shape, when it sent one), or no answer (status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
    /** a 429's Retry-After, in seconds */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message ?? (status === 0 ? 'The API could not be reached.' : `The API answered ${status}.`));
    this.name = 'ApiRequestError';
  }
}

export interface RequestJsonInit {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).message === 'string';
}

/**
 * A call that answers JSON (or 204) and may fail in the API's one error shape: the owner's area. Its
 * cookies (the owner's session) go only to the site's own origin, never to a configured API elsewhere.
 */
export async function requestJson<T>(path: string, init: RequestJsonInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiRequestError(0, null);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null; // a proxy's HTML error page: the status says enough
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiRequestError(
      response.status,
      isApiError(body) ? body : null,
      Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null,
    );
  }
  return body as T;
}
