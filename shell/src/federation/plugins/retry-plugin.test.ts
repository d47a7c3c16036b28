/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import retryPlugin from './retry-plugin';

const open: Server[] = [];
// closed even when an assertion fails, so a failing test ends instead of keeping jest waiting
afterEach(() => Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** A real HTTP server that fails a given number of times before it answers. */
async function flakyServer(failures: number, status = 503) {
  let calls = 0;
  const server: Server = createServer((_req, res) => {
    calls += 1;
    if (calls <= failures) res.writeHead(status).end('down');
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
  });
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf-manifest.json`, calls: () => calls };
}

const fetchHook = retryPlugin().fetch as (url: string, init: RequestInit) => Promise<Response>;

describe('the retry plugin', () => {
  it('rides out a server that fails twice', async () => {
    const server = await flakyServer(2);
    const response = await fetchHook(server.url, {});
    expect(await response.json()).toEqual({ ok: true });
    expect(server.calls()).toBe(3);
  });

  it('gives up after its last try', async () => {
    const server = await flakyServer(10);
    await expect(fetchHook(server.url, {})).rejects.toThrow(/answered 503/);
    expect(server.calls()).toBe(3);
  });

  it('does not retry an answer that will not change (404)', async () => {
    const server = await flakyServer(10, 404);
    await expect(fetchHook(server.url, {})).rejects.toThrow(/answered 404/);
    expect(server.calls()).toBe(1);
  });
});
