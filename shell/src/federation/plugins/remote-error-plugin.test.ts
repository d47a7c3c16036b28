/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInstance } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError } from '../remote-unavailable-error';
import remoteErrorPlugin from './remote-error-plugin';
import retryPlugin from './retry-plugin';

const open: Server[] = [];
// closed even when an assertion fails, so a failing test ends instead of keeping jest waiting
afterEach(() => Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** A real HTTP server answering every request with one status and body. */
async function serving(status: number, body: string) {
  let calls = 0;
  const server: Server = createServer((_req, res) => {
    calls += 1;
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
  });
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls };
}

/** The federation runtime as the shell sets it up: its two plugins, one remote at the given manifest URL. */
const federation = (remote: string, entry: string) =>
  createInstance({
    name: `shell_test_${remote}_${String(Math.random()).slice(2)}`,
    remotes: [{ name: remote, entry }],
    plugins: [retryPlugin(), remoteErrorPlugin()],
  });

describe('the remote error plugin, in the real federation runtime', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('turns a section whose manifest is missing into RemoteUnavailableError naming it', async () => {
    const host = await serving(404, '{}');
    const failure: unknown = await federation('about', `${host.origin}/mf-manifest.json`)
      .loadRemote('about/routes')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteUnavailableError);
    expect((failure as RemoteUnavailableError).remote).toBe('about');
    expect((failure as RemoteUnavailableError).cause).toBeDefined();
    // a 404 will not change: asked once, not retried
    expect(host.calls()).toBe(1);
  });

  it('does the same for a manifest that is not one, after the retries for a server error', async () => {
    const down = await serving(503, 'down');
    await expect(
      federation('projects', `${down.origin}/mf-manifest.json`).loadRemote('projects/routes'),
    ).rejects.toMatchObject({ name: 'RemoteUnavailableError', remote: 'projects' });
    expect(down.calls()).toBe(3);

    const garbage = await serving(200, '{"not":"a manifest"}');
    await expect(
      federation('resume', `${garbage.origin}/mf-manifest.json`).loadRemote('resume/routes'),
    ).rejects.toMatchObject({ name: 'RemoteUnavailableError', remote: 'resume' });
  });

  it('passes on the failure of a remote that is not a section of the site', async () => {
    const host = await serving(404, '{}');
    const failure: unknown = await federation('elsewhere', `${host.origin}/mf-manifest.json`)
      .loadRemote('elsewhere/routes')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(RemoteUnavailableError);
  });
});
