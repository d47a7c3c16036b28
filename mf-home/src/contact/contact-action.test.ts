import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contactAction } from './contact-action';

/** A real HTTP server standing in for POST /api/contact, answering with a chosen status. */
async function contactApi(status: number, body: unknown) {
  const received: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url, type: req.headers['content-type'], body: JSON.parse(text) as unknown });
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // the page's base URL is the stand-in's origin, so /api/contact reaches it
  document.head.innerHTML = `<base href="http://127.0.0.1:${(server.address() as AddressInfo).port}/">`;
  return { received, close: () => new Promise((resolve) => server.close(resolve)) };
}

const message = { fName: 'Ada', lName: 'L', email: 'ada@example.com', org: '', subject: 'Hi', message: 'Hello' };
const post = (body: unknown, method = 'POST') =>
  contactAction({
    request: new Request('http://localhost/?index', {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    }),
    params: {},
    context: {},
  } as Parameters<typeof contactAction>[0]);

describe('the home route action (calls 2 and 3 of docs/product-rules.md)', () => {
  it('posts the message as JSON and reports it sent with its id', async () => {
    const api = await contactApi(200, { contactID: 'c-17' });
    expect(await post(message)).toEqual({ status: 'sent', contactID: 'c-17' });
    expect(api.received).toEqual([{ path: '/api/contact', type: 'application/json', body: message }]);
    await api.close();
  });

  it('reports any other status as an error', async () => {
    const api = await contactApi(403, { message: 'no pass' });
    expect(await post(message)).toEqual({ status: 'error', httpStatus: 403 });
    await api.close();
  });

  it('reports a request that throws as a local error', async () => {
    document.head.innerHTML = '<base href="http://127.0.0.1:9/">';
    expect(await post(message)).toEqual({ status: 'local-error' });
  });

  it('returns nothing for other methods', async () => {
    expect(await post(undefined, 'PUT')).toBeNull();
  });
});
