import type { ApiError } from '@portfolio/contracts/api-error';

/** The API is under /api on the page's own origin (a proxy may send it elsewhere), whatever the page's path. */
export function apiUrl(path: string): string {
  return new URL(`/api/${path.replace(/^\//, '')}`, document.baseURI).href;
}

/** An answer of the API that is not a 2xx (its one JSON error shape, when it sent one), or no answer (status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null = null,
    /** a 429's Retry-After, in seconds */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message ?? `The API answered ${status || 'nothing'}.`);
  }
}

interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** sent as JSON (and the method is then POST unless it says otherwise) */
  body?: unknown;
  signal?: AbortSignal;
  /** 'pdf' for a file (the resume), read as a Blob; JSON otherwise */
  accept?: 'pdf';
}

/**
 * The one way the browser calls the API (docs/product-rules.md "API calls"): JSON in, credentials sent, no
 * timeout. Resolves with a 2xx answer's JSON (null when empty, a Blob for a PDF); anything else, a network
 * failure included, rejects with ApiRequestError (an aborted call rejects with the abort's own error).
 */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await apiAnswer<T>(path, request)).value;
}

/** A 2xx answer with its status, for a call whose 200 and 201 mean different things. */
export interface ApiAnswer<T> {
  status: number;
  value: T;
}

/** `apiRequest` with the 2xx status beside the answer. */
export async function apiAnswer<T>(
  path: string,
  { method, body, signal, accept }: ApiRequest = {},
): Promise<ApiAnswer<T>> {
  const json = body === undefined ? undefined : JSON.stringify(body);
  let response: Response;
  let text: string;
  try {
    response = await fetch(apiUrl(path), {
      method: method ?? (json ? 'POST' : 'GET'),
      // the API is on the page's origin: its cookies (contact pass, owner's session) go there and nowhere else
      credentials: 'same-origin',
      headers: { Accept: `application/${accept ?? 'json'}`, ...(json && { 'Content-Type': 'application/json' }) },
      body: json,
      signal,
    });
    if (response.ok && accept) return { status: response.status, value: (await response.blob()) as T };
    text = await response.text();
    if (response.ok) return { status: response.status, value: (text ? JSON.parse(text) : null) as T };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0); // no answer, an answer that broke off, or a success that is not JSON
  }
  let answer: ApiError | null = null;
  try {
    answer = JSON.parse(text) as ApiError | null;
  } catch {
    // a proxy's HTML error page: the status says enough
  }
  const retryAfter = Math.ceil(Number(response.headers.get('Retry-After')));
  throw new ApiRequestError(
    response.status,
    typeof answer?.message === 'string' ? answer : null,
    retryAfter > 0 && retryAfter < Infinity ? retryAfter : null,
  );
}
