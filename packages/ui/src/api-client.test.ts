import { apiUrl, postJson } from './api-client';

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
});
