import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuTimeMs, RendererProcess, type RendererTimes } from './renderer-process.js';
import { renderMemoryMb, sandboxCommand, sandboxFlags, sandboxLayers, type SandboxLayers } from './renderer-sandbox.js';

// Which layer of the renderers' sandbox stops what (docs/server-rendering.md, "Threat model"): each attack is run
// with one layer and without it, by a bare Node process through the layers (what the kernel stops whatever the code
// is), and by renderer-child.js with no layer of the host's (what the process stripped inside stops on its own).

const none: SandboxLayers = { user: null, unshare: null, dataLimitKb: null };
const isRoot = process.getuid?.() === 0;

/** What a bare Node process, started through `layers`, prints running `code`. */
function bare(layers: SandboxLayers, code: string): Promise<string> {
  const { command, args, uid, gid, extraFds } = sandboxCommand(layers, [
    ...sandboxFlags.filter((flag) => flag !== '--permission'),
    '-e',
    code,
  ]);
  const child = spawn(command, args, { cwd: '/', uid, gid, stdio: ['ignore', 'pipe', 'pipe', 'ignore', ...extraFds] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.on('close', () => resolve(output.trim())));
}

/** A statement's outcome as a word: `ok`, or the error's code. */
const attempt = (statement: string) =>
  `(() => { try { ${statement}; return 'ok'; } catch (error) { return error.code ?? error.message; } })()`;

/** A loopback server that counts the connections it gets. */
async function listener(): Promise<{ port: number; connections: () => number; close: () => void }> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, connections: () => count, close: () => server.close() };
}

/**
 * A renderer (renderer-child.js, through `layers`) whose render module runs `attack` (an async function body) on
 * each render and shows what it returned, as JSON.
 */
function attacker(
  attack: string,
  layers: SandboxLayers = none,
  times: RendererTimes = { startTimeoutMs: 30_000, answerCpuMs: 10_000, answerWallMs: 30_000 },
): RendererProcess {
  const renderSource = `exports.createPageRenderer = () => ({
    ready: Promise.resolve({ unavailable: [] }),
    async render() { const report = await (async () => { ${attack} })(); return { status: 200, html: JSON.stringify(report), picks: 1, searchParams: [] }; },
    async sitemapPaths() { return []; },
    async sectionRouteIds() { return {}; },
  });`;
  return new RendererProcess(
    'The attacker',
    { renderSource, template: '', sections: [], section: null },
    times,
    Promise.resolve(),
    () => Promise.reject(new Error('no file')),
    layers,
  );
}

const reportOf = async (renderer: RendererProcess) =>
  JSON.parse(
    (await renderer.render({ url: 'http://site.invalid/', siteUrl: 'http://site.invalid' }, [])).html ?? '{}',
  ) as Record<string, string>;

describe("the renderers' sandbox, layer by layer", () => {
  let found: SandboxLayers;
  beforeAll(async () => {
    found = await sandboxLayers();
  });

  (isRoot ? it : it.skip)('finds every layer on a Linux host whose server is root (here and in CI)', () => {
    expect(found.user).toEqual({ uid: 65534, gid: 65534 });
    expect(found.unshare).toMatch(/unshare$/);
    expect(found.dataLimitKb).toBeGreaterThan(renderMemoryMb * 1024);
  });

  (isRoot ? it : it.skip)(
    'another user: a signal to the server fails (EPERM), and a file only the server may read stays closed',
    async () => {
      const secretFile = path.join(mkdtempSync(path.join(tmpdir(), 'sandbox-')), 'secret');
      writeFileSync(secretFile, 'secret');
      chmodSync(secretFile, 0o600);
      const code = `console.log(JSON.stringify({ kill: ${attempt(`process.kill(${process.pid}, 0)`)}, read: ${attempt(
        `require('fs').readFileSync(${JSON.stringify(secretFile)})`,
      )} }))`;
      expect(JSON.parse(await bare({ ...none, user: found.user }, code))).toEqual({ kill: 'EPERM', read: 'EACCES' });
      // the same process as the server's user: both succeed
      expect(JSON.parse(await bare(none, code))).toEqual({ kill: 'ok', read: 'ok' });
    },
  );

  (isRoot ? it : it.skip)('a network namespace: no connection reaches the host, loopback included', async () => {
    const target = await listener();
    try {
      const code = `require('net').connect(${target.port}, '127.0.0.1').on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (error) => console.log(error.code))`;
      expect(await bare({ ...none, unshare: found.unshare }, code)).toMatch(/^(ENETUNREACH|ECONNREFUSED)$/);
      expect(target.connections()).toBe(0);
      // without it, the same code reaches the listener
      expect(await bare(none, code)).toBe('connected');
      expect(target.connections()).toBe(1);
    } finally {
      target.close();
    }
  });

  it("the data cap: Buffers and WebAssembly memory stop at the renderer's cap, not at the heap flag", async () => {
    // each 8 MB held is said as it is: the last number said is how far it got (a RangeError, or V8 out of memory)
    const buffers = `const held = []; try { for (let mb = 8; mb <= 1024; mb += 8) { held.push(Buffer.alloc(8 * 1024 * 1024, 1)); console.log(mb); } } catch {}`;
    const reached = (output: string) => Math.max(0, ...output.split('\n').map(Number).filter(Number.isFinite));
    const capped = { ...none, dataLimitKb: found.dataLimitKb };
    const heldCapped = reached(await bare(capped, buffers));
    // what a bare renderer holds at start varies by a few MB: at most the cap, in steps of 8
    expect(heldCapped).toBeLessThanOrEqual(renderMemoryMb);
    expect(heldCapped).toBeGreaterThan(renderMemoryMb / 4);
    // 512 MB of WebAssembly memory at once
    const wasm = `try { new WebAssembly.Memory({ initial: 8192 }); console.log('ok'); } catch (error) { console.log(error.constructor.name); }`;
    expect(await bare(capped, wasm)).toBe('RangeError');
    // without it, the heap flag (48 MB) holds none of it back
    expect(reached(await bare(none, buffers))).toBe(1024);
    expect(await bare(none, wasm)).toBe('ok');
  });

  it('the process stripped inside: no signal, no inspector of another process, no socket, whatever the host', async () => {
    const target = await listener();
    const renderer = attacker(`
      const tryIt = async (what) => { try { await what(); return 'ok'; } catch (error) { return error.code ?? error.message; } };
      const connects = (make) => new Promise((resolve) => {
        try {
          const socket = make();
          socket.on('connect', () => resolve('connected')).on('error', (error) => resolve(error.code));
        } catch (error) { resolve(error.code ?? error.message); }
      });
      return {
        kill: await tryIt(() => process.kill(${process.pid}, 0)),
        debugProcess: await tryIt(() => process._debugProcess(${process.pid})),
        send: typeof process.send,
        renice: await tryIt(() => require('os').setPriority(${process.pid}, 19)),
        net: await tryIt(() => require('node:net')),
        http: await tryIt(() => import('node:http')),
        builtin: await tryIt(() => process.getBuiltinModule('net')),
        socketClass: await connects(() => new (process.stdout.constructor)().connect(${target.port}, '127.0.0.1')),
        fetch: await tryIt(() => fetch('http://127.0.0.1:${target.port}/')),
        handles: await tryIt(() => process._getActiveHandles()),
        binding: await tryIt(() => process.binding('tcp_wrap')),
      };`);
    try {
      await renderer.ready;
      expect(await reportOf(renderer)).toEqual({
        kill: 'ERR_ACCESS_DENIED',
        debugProcess: 'ERR_ACCESS_DENIED',
        send: 'undefined',
        renice: 'ERR_ACCESS_DENIED',
        net: 'ERR_ACCESS_DENIED',
        http: 'ERR_ACCESS_DENIED',
        builtin: 'ERR_ACCESS_DENIED',
        socketClass: 'ERR_ACCESS_DENIED',
        // the server's file service, which refuses it: not a file of its build
        fetch: 'no file',
        handles: 'ERR_ACCESS_DENIED',
        binding: 'ERR_ACCESS_DENIED',
      });
      expect(target.connections()).toBe(0);
    } finally {
      target.close();
      await renderer.end();
    }
  });

  describe('messages: each checked against its schema, and a bad one ends its renderer alone', () => {
    const writes = {
      'a line that is not JSON': `require('fs').writeSync(3, 'not json\\n')`,
      'null (process.send(null) of a Node channel)': `require('fs').writeSync(3, 'null\\n')`,
      'a message of no kind': `require('fs').writeSync(3, JSON.stringify({ id: 1 }) + '\\n')`,
      'a page with a status no server sends': `require('fs').writeSync(3, JSON.stringify({ kind: 'page', id: 1, page: { status: 1000, picks: 1 } }) + '\\n')`,
      'an answer to nothing asked': `require('fs').writeSync(3, JSON.stringify({ kind: 'error', id: 99, error: 'x' }) + '\\n')`,
      // 10 MB without a newline, written as fast as the channel takes it
      'a message that never ends': `const chunk = 'x'.repeat(256 * 1024); let sent = 0;
        while (sent < 10 * 1024 * 1024) {
          try { sent += require('fs').writeSync(3, chunk); }
          catch (error) { if (error.code !== 'EAGAIN') throw error; await new Promise((resolve) => setTimeout(resolve, 1)); }
        }`,
    };
    for (const [what, write] of Object.entries(writes)) {
      it(`ends the renderer that sends ${what}`, async () => {
        const renderer = attacker(`${write}; await new Promise((resolve) => setTimeout(resolve, 5000)); return {};`);
        await renderer.ready;
        await expect(reportOf(renderer)).rejects.toThrow();
        await renderer.exited;
        expect(renderer.failure).toMatch(/it sent|it answered 99/);
      });
    }
  });

  describe('the watchdog', () => {
    it("bounds a render by its renderer's CPU time, and one that waits on nothing by the wall clock's", async () => {
      // each bound alone: the loop's wall-clock ceiling far off (on a loaded host 500 ms of CPU take seconds to
      // get), the waiting one's CPU bound never reached
      const looping = attacker('for (;;);', none, { startTimeoutMs: 30_000, answerCpuMs: 500, answerWallMs: 60_000 });
      const waiting = attacker('await new Promise(() => {}); return {};', none, {
        startTimeoutMs: 30_000,
        answerCpuMs: 500,
        answerWallMs: 3000,
      });
      await Promise.all([looping.ready, waiting.ready]);
      const asked = performance.now();
      await Promise.all([expect(reportOf(looping)).rejects.toThrow(), expect(reportOf(waiting)).rejects.toThrow()]);
      await Promise.all([looping.exited, waiting.exited]);
      const used = Number(/it used (\d+) ms of CPU/.exec(looping.failure ?? '')?.[1]);
      // ended at its CPU bound, give or take the watchdog's look (at least 50 ms apart, later on a busy host)
      expect([used >= 500, used < 1000]).toEqual([true, true]);
      // the one that waits used no CPU to speak of, and was ended at the wall clock's bound
      expect(waiting.failure).toMatch(/^it did not answer within 3000 ms \(it used \d?0 ms of CPU\)$/);
      expect(performance.now() - asked).toBeGreaterThanOrEqual(3000);
    });

    it("reads a process's CPU time from /proc, and nothing for a process that is not there", () => {
      // 200 ms of this process's CPU time as Node counts it (getrusage), however long a loaded host takes for it
      const before = cpuTimeMs(process.pid);
      const usage = process.cpuUsage();
      const spent = () => (process.cpuUsage(usage).user + process.cpuUsage(usage).system) / 1000;
      while (spent() < 200);
      const read = (cpuTimeMs(process.pid) ?? 0) - (before ?? 0);
      // /proc counts in ticks of 10 ms
      expect([read >= 170, read <= 260]).toEqual([true, true]);
      expect(cpuTimeMs(2 ** 30)).toBeNull();
    });

    it('ends a renderer that spins between renders', async () => {
      const renderer = attacker(
        `setInterval(() => { const until = Date.now() + 800; while (Date.now() < until); }, 900); return {};`,
      );
      await renderer.ready;
      await reportOf(renderer);
      await renderer.exited;
      expect(renderer.failure).toMatch(/it kept its main thread busy \d+ ms of \d+ between renders/);
    });

    it('ends a renderer holding more memory than its cap, where the host has no data cap', async () => {
      const renderer = attacker(
        `globalThis.held = []; for (let mb = 0; mb < ${renderMemoryMb + 64}; mb += 8) held.push(Buffer.alloc(8 * 1024 * 1024, 1)); return {};`,
      );
      await renderer.ready;
      // on a slow host the watchdog may look while the render still allocates, and end it then: its answer is
      // then a failure, and what matters is why the renderer ended
      await reportOf(renderer).catch(() => undefined);
      await renderer.exited;
      expect(renderer.failure).toMatch(new RegExp(`MB of memory, over its ${renderMemoryMb} MB`));
    });
  });
});
