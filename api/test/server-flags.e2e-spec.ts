import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '@portfolio/parts';
import { freePort } from './free-port.js';
import { newStorage } from './test-storage.js';

// The built server (npm run build -w api) started as `npm start`, the compose file and the browser tests start it:
// with api.nodeFlags. No signal opens an inspector in it, and it refuses to run in production with one open.
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

/** Whether a process has a handler for SIGUSR1 (Node's own opens the inspector), from the kernel's view of it. */
const catchesSigusr1 = (pid: number) => {
  const caught = /^SigCgt:\s+([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
  // signal n is bit n - 1; SIGUSR1 is 10
  return ((BigInt(`0x${caught}`) >> 9n) & 1n) === 1n;
};

/** A process's whole stderr, and its end. */
function watched(child: ChildProcess) {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { stderr: () => stderr, exited };
}

describe("the server's Node flags (api.nodeFlags): no inspector", () => {
  it('starts with no handler for SIGUSR1, and a SIGUSR1 leaves it serving with no inspector open', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [...api.nodeFlags, main], {
      env: {
        PATH: process.env.PATH,
        ...newStorage(),
        NODE_ENV: 'production',
        PORT: String(port),
        PREVIEW_PORT: '0',
        SERVE_SITE: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const { stderr, exited } = watched(server);
    try {
      for (let tries = 0; ; tries += 1) {
        const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) break;
        if (tries > 240 || server.exitCode !== null) throw new Error(`the server did not start:\n${stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const pid = server.pid ?? 0;
      expect(catchesSigusr1(pid)).toBe(false);
      process.kill(pid, 'SIGUSR1');
      // answered after the signal: had it opened an inspector, Node would have said so on stderr first
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(server.exitCode).toBeNull();
      expect(stderr()).not.toMatch(/Debugger listening/);
      // the same check on a Node process without the flag: it has the handler
      const plain = spawn(process.execPath, ['-e', "console.log('up'); setTimeout(() => {}, 10_000)"], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        // its code runs once Node has set up its signals
        await new Promise((resolve) => plain.stdout.once('data', resolve));
        expect(catchesSigusr1(plain.pid ?? 0)).toBe(true);
      } finally {
        plain.kill('SIGKILL');
      }
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  });

  it('refuses to run in production with an inspector open', async () => {
    const server = spawn(process.execPath, [...api.nodeFlags, main], {
      env: {
        PATH: process.env.PATH,
        ...newStorage(),
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        PREVIEW_PORT: '0',
        SERVE_SITE: 'false',
        NODE_OPTIONS: '--inspect=127.0.0.1:0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const { stderr, exited } = watched(server);
    expect(await exited).toBe(1);
    expect(output + stderr()).toMatch(
      /an inspector is open \(ws:\/\/127\.0\.0\.1:\d+\/[^)]+\): start the server without --inspect/,
    );
  });
});
