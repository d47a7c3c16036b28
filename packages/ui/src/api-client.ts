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
