import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiAnswer, apiRequest, ApiRequestError, apiUrl } from './api-client';

interface Received {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server standing in for the API: records each request and answers as the test says. */
async function standInApi(answer: (received: Received, res: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method, path: req.url, headers: req.headers, body };
      received.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // the page's base URL is the stand-in's origin, so /api/... reaches it
  document.head.innerHTML = `<base href="${origin}/projects/project/2">`;
  return {
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections(); // a request left unanswered on purpose
      }),
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_: Received, res: ServerResponse) =>
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));

let api: Awaited<ReturnType<typeof standInApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('the API client (docs/product-rules.md "API calls")', () => {
  it('calls /api on the origin the page was loaded from, whatever its path', () => {
    document.head.innerHTML = '<base href="https://portfolio.example.com/projects/project/2">';
    expect(apiUrl('/download')).toBe('https://portfolio.example.com/api/download');
    expect(apiUrl('verify')).toBe('https://portfolio.example.com/api/verify');
  });

  it('posts a body as JSON, asks for JSON, and resolves with the JSON answer', async () => {
    api = await standInApi(json(200, { contactID: 'c-1' }));
    await expect(apiRequest('contact', { body: { fName: 'A' } })).resolves.toEqual({ contactID: 'c-1' });
    const [request] = api.received;
    expect(request).toMatchObject({ method: 'POST', path: '/api/contact', body: '{"fName":"A"}' });
    expect(request?.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
  });

  it('GETs without a body or a content type, and sends the other methods it is given', async () => {
    api = await standInApi(json(200, { recaptchaSiteKey: 'k' }));
    await expect(apiRequest('config')).resolves.toEqual({ recaptchaSiteKey: 'k' });
    await apiRequest('owner/messages/3', { method: 'PATCH', body: { read: true } });
    await apiRequest('owner/logout', { method: 'POST' });
    expect(api.received.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/api/config', ''],
      ['PATCH', '/api/owner/messages/3', '{"read":true}'],
      ['POST', '/api/owner/logout', ''],
    ]);
    expect(api.received[0]?.headers['content-type']).toBeUndefined();
    expect(api.received[2]?.headers['content-type']).toBeUndefined();
  });

  it('resolves with null for an empty success (204) and with a falsy JSON answer as it is', async () => {
    api = await standInApi((request, res) =>
      request.path === '/api/verify' ? json(200, false)(request, res) : res.writeHead(204).end(),
    );
    await expect(apiRequest('owner/messages/3', { method: 'DELETE' })).resolves.toBeNull();
    await expect(apiRequest('verify', { body: { captchaToken: 't' } })).resolves.toBe(false);
  });

  it('gives the 2xx status beside the answer when asked (a 201 made, a 200 found)', async () => {
    api = await standInApi((request, res) => json(request.body.includes('new') ? 201 : 200, { id: 'r' })(request, res));
    await expect(apiAnswer('owner/x', { body: { url: 'new' } })).resolves.toEqual({ status: 201, value: { id: 'r' } });
    await expect(apiAnswer('owner/x', { body: { url: 'old' } })).resolves.toEqual({ status: 200, value: { id: 'r' } });
  });

  it('asks for a PDF and resolves with it as a Blob', async () => {
    const pdf = '%PDF-1.7 not really';
    api = await standInApi((_, res) => res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(pdf));
    const answer = await apiRequest<Blob>('download', { body: { resource: 'resume' }, accept: 'pdf' });
    expect(answer).toBeInstanceOf(Blob);
    expect(await answer.text()).toBe(pdf);
    expect(api.received[0]?.headers.accept).toBe('application/pdf');
  });

  it("rejects an error answer with ApiRequestError: the status, the API's error and a 429's wait", async () => {
    const error = { statusCode: 429, error: 'Too Many Requests', message: 'Too many wrong passwords.' };
    api = await standInApi(json(429, error, { 'Retry-After': '119.5' }));
    const thrown = await apiRequest('owner/login', { body: { password: 'p' } }).catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(ApiRequestError);
    expect(thrown).toMatchObject({ status: 429, body: error, retryAfterSeconds: 120, message: error.message });
  });

  it('rejects a PDF request that fails with the same error, its JSON read', async () => {
    const error = { statusCode: 400, error: 'Bad Request', message: 'Unknown resource.' };
    api = await standInApi(json(400, error));
    await expect(apiRequest('download', { body: { resource: 'x' }, accept: 'pdf' })).rejects.toMatchObject({
      status: 400,
      body: error,
    });
  });

  it('keeps the status of an error page that is not JSON, with no wait when none is said', async () => {
    api = await standInApi((_, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>Bad</html>'));
    await expect(apiRequest('owner/status')).rejects.toMatchObject({
      status: 502,
      body: null,
      retryAfterSeconds: null,
      message: 'The API answered 502.',
    });
  });

  it('rejects with status 0 when the API cannot be reached, or a success is not JSON', async () => {
    document.head.innerHTML = '<base href="http://127.0.0.1:9/">';
    await expect(apiRequest('owner/status')).rejects.toMatchObject({ status: 0, body: null });
    api = await standInApi((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>'));
    await expect(apiRequest('verify', { body: {} })).rejects.toMatchObject({ status: 0 });
  });

  it('rejects an aborted call with the abort, not as an API error', async () => {
    api = await standInApi(() => undefined); // never answers
    const controller = new AbortController();
    const call = apiRequest('owner/status', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const thrown = await call.catch((caught: unknown) => caught);
    expect(thrown).not.toBeInstanceOf(ApiRequestError);
    expect((thrown as Error).name).toBe('AbortError');
  });
});
