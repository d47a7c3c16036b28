import { apiUrl, ApiRequestError, postJson, requestJson } from './api-client';

describe('api client', () => {
  // jsdom has no fetch: a recorder stands in for the browser's, our code is real.
  const fetchMock = jest.fn((_url: string, _init: RequestInit) => Promise.resolve({ ok: true, status: 200 }));
  beforeEach(() => {
    fetchMock.mockClear();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    document.head.innerHTML = '';
  });

  it('posts JSON with credentials to /api by default (docs/product-rules.md "API calls")', async () => {
    await postJson('/download', { resource: 'resume' });
    expect(fetchMock).toHaveBeenCalledWith('http://localhost/api/download', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"resource":"resume"}',
      signal: undefined,
    });
  });

  it('asks for another answer type when the caller wants a file', async () => {
    await postJson('download', {}, { accept: 'application/pdf' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/pdf' });
  });

  it('calls /api on the origin the page was loaded from, whatever its path', () => {
    document.head.innerHTML = '<base href="https://portfolio.example.com/projects/project/2">';
    expect(apiUrl('/download')).toBe('https://portfolio.example.com/api/download');
    expect(apiUrl('verify')).toBe('https://portfolio.example.com/api/verify');
  });

  describe("requestJson (the owner's calls)", () => {
    const answer = (status: number, body: string | null, headers: Record<string, string> = {}) =>
      fetchMock.mockImplementationOnce(() => Promise.resolve(new Response(body, { status, headers }) as never));

    it("sends JSON with the cookies of the site's own origin only, and reads the JSON answer", async () => {
      answer(200, '{"loggedIn":true}');
      await expect(requestJson('owner/login', { method: 'POST', body: { password: 'p' } })).resolves.toEqual({
        loggedIn: true,
      });
      expect(fetchMock).toHaveBeenCalledWith('http://localhost/api/owner/login', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: '{"password":"p"}',
        signal: undefined,
      });
    });

    it('answers nothing for a 204, and sends no body nor content type without one', async () => {
      answer(204, null);
      await expect(requestJson('owner/messages/3', { method: 'DELETE' })).resolves.toBeNull();
      const [, init] = fetchMock.mock.calls[0]!;
      expect(init).toMatchObject({ method: 'DELETE', body: undefined, headers: { Accept: 'application/json' } });
    });

    it("turns an error answer into ApiRequestError with the API's message and a 429's wait", async () => {
      const error = { statusCode: 429, error: 'Too Many Requests', message: 'Too many wrong passwords.' };
      answer(429, JSON.stringify(error), { 'Retry-After': '120' });
      const thrown = await requestJson('owner/login').catch((caught: unknown) => caught);
      expect(thrown).toBeInstanceOf(ApiRequestError);
      expect(thrown).toMatchObject({ status: 429, body: error, retryAfterSeconds: 120, message: error.message });
    });

    it('keeps the status of an error that is not JSON, and says when the API could not be reached', async () => {
      answer(502, '<html>Bad Gateway</html>');
      await expect(requestJson('owner/status')).rejects.toMatchObject({ status: 502, body: null });
      fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
      await expect(requestJson('owner/status')).rejects.toMatchObject({ status: 0 });
    });
  });
});
