import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, openSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';

/**
 * The boundary around section code (docs/server-rendering.md, "Threat model"): how a renderer process is started.
 * Its layers, each applied where this host allows it and named in the log once:
 * - a user of its own (`nobody`) when the server runs as root: a signal to the server or any other process fails
 *   (EPERM), and no file of the server's user is its to read;
 * - a network namespace of its own (`unshare --net`, or with a user namespace where the server is not root): no
 *   interface but a loopback of its own that is down, so it reaches no address, the server's included;
 * - the kernel's cap on its data (RLIMIT_DATA, through `ulimit -d`): its heap, Buffers, WebAssembly memory and
 *   stacks together, at allocation, whatever V8's heap flag says;
 * - Node's permission model with nothing granted: no file read or write, child process, worker, addon, WASI or
 *   inspector; its code (renderer-child.js, the render module, the section's files) comes over its channel;
 * - an environment with no secret, no inspector on SIGUSR1, and a lower scheduling priority than the server's.
 * Inside, renderer-child.js strips its process object before any section code runs, and the server validates every
 * message it sends (renderer-messages.ts) and watches its memory and CPU (renderer-process.ts).
 */

/** The child that runs section code (plain JavaScript: the API's tests start it without a build). */
const renderChildScript = fileURLToPath(new URL('./renderer-child.js', import.meta.url));

/** A renderer's V8 heap: a page render needs a few MB; a section that needs more dies, not the server. */
const renderHeapMb = 48;

/**
 * Everything a renderer allocates beyond what a bare Node process with its flags holds at start: its heap (above),
 * malloc'd memory, Buffers, WebAssembly memory, and thread stacks. The kernel refuses more (RLIMIT_DATA), and the
 * server ends a renderer whose own resident memory passes it (renderer-process.ts).
 */
export const renderMemoryMb = 128;

/** How much lower a renderer's scheduling priority is than the server's. */
const rendererNiceness = 5;

/** Who renderers run as when the server runs as root: `nobody`, which owns no file and no process of the server. */
const rendererUser = { uid: 65534, gid: 65534 } as const;

/** The only variables a renderer gets from the server's environment: none of them is a secret. */
const passedVariables = ['NODE_ENV', 'TZ', 'LANG', 'MALLOC_ARENA_MAX'] as const;

/** What a renderer's environment holds: the allow-list above, nothing else (no DATABASE_URL, COOKIE_SECRET, ...). */
function sandboxEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of passedVariables) if (env[name] !== undefined) kept[name] = env[name];
  return kept;
}

/**
 * Node's flags for a renderer: the permission model with nothing granted (it reads no file: its code comes over its
 * channel), no inspector on SIGUSR1, a small heap, a small young generation, and WebAssembly compiled by Liftoff
 * alone (as the server's own flags, packages/parts). JavaScript runs in V8's interpreter and baseline compiler only
 * (`--max-opt=1`: no Maglev or TurboFan code, their compilers' memory, or their pages of the node binary), with the
 * heap grown for size over speed: a renderer under load holds 10-25 MB less, at about the same renders per second
 * (docs/performance.md, "Server memory").
 * Not `--jitless`: renders take 1.6 to 1.9 times as long without the baseline compiler (measured on /about and
 * /projects), for nothing the data cap does not already bound.
 */
export const sandboxFlags: readonly string[] = [
  '--permission',
  '--disable-sigusr1',
  `--max-old-space-size=${renderHeapMb}`,
  '--max-semi-space-size=1',
  '--liftoff-only',
  '--max-opt=1',
  '--optimize-for-size',
];

/** The layers this host allows (found once, by trying each: see `sandboxLayers`). */
export interface SandboxLayers {
  /** renderers run as this user and group; null: as the server's own user (the server is not root) */
  user: { uid: number; gid: number } | null;
  /** the `unshare` that gives each renderer a network namespace of its own; null: none on this host */
  unshare: string | null;
  /** the kernel's cap on a renderer's data, in KB (a bare renderer's own at start, plus renderMemoryMb) */
  dataLimitKb: number | null;
}

/** The file descriptor a renderer finds its channel to the server on (renderer-child.js reads and writes it). */
export const channelFd = 3;
/** Where a renderer running as another user finds the node binary, opened by the server (see `nodeArgs`). */
const nodeFd = 4;

/**
 * The source of renderer-child.js, run with `-e`: a renderer reads no file, so it runs where its user could not
 * read the server's folders (the CI's checkout and Node under /root).
 */
let childSource: string | null = null;
const renderChildSource = () => (childSource ??= readFileSync(renderChildScript, 'utf8'));

/** The node binary opened once: a renderer of another user execs it by descriptor (fexecve's way). */
let nodeBinary: number | null = null;
const nodeBinaryFd = () => (nodeBinary ??= openSync(process.execPath, 'r'));

/**
 * The shell command that caps what it runs and replaces itself with it: the data cap, no core file, and none of
 * the variables a shell adds to the environment (the renderer's is the allow-list alone).
 */
const capScript = (layers: Pick<SandboxLayers, 'dataLimitKb'>) =>
  `ulimit -c 0 && ${layers.dataLimitKb === null ? '' : `ulimit -d ${layers.dataLimitKb} && `}unset PWD OLDPWD SHLVL _; exec "$0" "$@"`;

/** The command and arguments that start node with `nodeArgs` through these layers, and what its spawn adds. */
export function sandboxCommand(layers: SandboxLayers, nodeArgs: readonly string[]) {
  const node = layers.user ? `/proc/self/fd/${nodeFd}` : process.execPath;
  // Windows has no shell to cap with (nor any of the layers): development only
  const capped =
    process.platform === 'win32' ? [node, ...nodeArgs] : ['/bin/sh', '-c', capScript(layers), node, ...nodeArgs];
  // root makes the namespace and then becomes the user; a server that is not root makes a user namespace too
  const namespace = layers.unshare
    ? [
        layers.unshare,
        '--net',
        ...(layers.user ? [`--setgid=${layers.user.gid}`, `--setuid=${layers.user.uid}`] : ['--user']),
        '--',
      ]
    : [];
  const [command = '/bin/sh', ...args] = [...namespace, ...capped];
  const switchUser = layers.user && !layers.unshare ? layers.user : undefined;
  const extraFds = layers.user ? [nodeBinaryFd()] : [];
  return { command, args, uid: switchUser?.uid, gid: switchUser?.gid, extraFds };
}

/** An executable `name` on the server's PATH, or null. */
function onPath(name: string): string | null {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!folder) continue;
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Spawns a renderer's command with these layers: its options, the same for the probe and a real renderer. */
function spawnWith(layers: SandboxLayers, nodeArgs: readonly string[], stdio: Array<'ignore' | 'pipe'>): ChildProcess {
  const { command, args, uid, gid, extraFds } = sandboxCommand(layers, nodeArgs);
  return spawn(command, args, { env: sandboxEnv(), cwd: '/', uid, gid, stdio: [...stdio, ...extraFds] });
}

/**
 * A bare renderer started with these layers: its data at start (KB), or why it did not start. The command a
 * renderer gets, with `-e` printing its VmData instead of rendering (and without the permission model, which
 * would refuse it its own status).
 */
function probe(layers: SandboxLayers): Promise<number | string> {
  const flags = sandboxFlags.filter((flag) => flag !== '--permission');
  const child = spawnWith(
    layers,
    [
      ...flags,
      '-e',
      "process.stdout.write(/^VmData:\\s+(\\d+)/m.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '')",
    ],
    ['ignore', 'pipe', 'pipe', 'ignore'],
  );
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const kb = Number(output.trim());
      if (code === 0 && Number.isSafeInteger(kb) && kb > 0) resolve(kb);
      else resolve(`it ended (${signal ?? `exit ${code}`}): ${output.trim().split('\n', 1)[0]?.slice(0, 200) ?? ''}`);
    });
  });
}

/** A data cap far above any renderer's: the probe sets it to find whether this host's shell can (`ulimit -d`). */
const probeCapKb = 8 * 1024 * 1024;

/** What the server says once about its renderers (the app's logger: JSON lines in production). */
const logger = new Logger('Renderers');

/** The layers found, once per process: each is tried with a bare renderer and kept if that renderer starts. */
let found: Promise<SandboxLayers> | null = null;

/**
 * Which layers this host allows. A Linux server tries them all, most first; one that fails here is left out and
 * said in the log with why (a container without CAP_SYS_ADMIN makes no network namespace; a server that is not
 * root cannot switch users). Elsewhere (macOS, Windows: development only) renderers get the permission model and
 * the layers inside the process alone.
 */
export function sandboxLayers(): Promise<SandboxLayers> {
  found ??= findLayers();
  return found;
}

async function findLayers(): Promise<SandboxLayers> {
  const none: SandboxLayers = { user: null, unshare: null, dataLimitKb: null };
  if (process.platform !== 'linux') {
    logger.warn(`on ${process.platform}, no user of their own, network namespace or data cap`);
    return none;
  }
  const user = process.getuid?.() === 0 ? rendererUser : null;
  const unshare = onPath('unshare');
  const tried: string[] = [];
  const candidates: SandboxLayers[] = [
    { user, unshare, dataLimitKb: null },
    ...(unshare ? [{ user, unshare: null, dataLimitKb: null }] : []),
    ...(user ? [none] : []),
  ];
  for (const layers of candidates) {
    // with a data cap far above a renderer's first: whether this shell sets one (`ulimit -d`)
    for (const capped of [true, false]) {
      const result = await probe({ ...layers, dataLimitKb: capped ? probeCapKb : null });
      if (typeof result === 'string') {
        tried.push(`${describe(layers)}${capped ? ', with a data cap' : ''}: ${result}`);
        continue;
      }
      const chosen = { ...layers, dataLimitKb: capped ? result + renderMemoryMb * 1024 : null };
      const why = [
        ...(user ? [] : ['no user of their own: the server is not root']),
        ...(unshare ? [] : ['no network namespace: no unshare on the PATH']),
        ...tried.map((attempt) => `not ${attempt}`),
      ];
      logger.log(`${describe(chosen)}${why.length > 0 ? ` (${why.join('; ')})` : ''}`);
      return chosen;
    }
  }
  logger.warn(`no bare renderer started (${tried.join('; ')}); they get Node's own layers alone`);
  return none;
}

/** The layers in words, for the log. */
function describe(layers: SandboxLayers): string {
  return [
    layers.user ? `as user ${layers.user.uid}` : "as the server's user",
    layers.unshare ? 'with no network (a namespace of their own)' : "in the server's network",
    ...(layers.dataLimitKb === null || layers.dataLimitKb === probeCapKb
      ? []
      : [`data capped at ${Math.round(layers.dataLimitKb / 1024)} MB (${renderMemoryMb} MB beyond a bare renderer's)`]),
  ].join(', ');
}

/**
 * Starts one renderer process: the running Node binary with the flags above, through the layers this host allows,
 * its environment from the allow-list, its working directory `/` (it reads nothing), and a lower priority than the
 * server's. Its channel is its descriptor 3 (a socket pair: `child.stdio[3]`); its output is piped, and the
 * caller logs it under the section's name.
 */
export async function startSandboxedChild(layers?: SandboxLayers): Promise<ChildProcess> {
  const child = spawnWith(
    layers ?? (await sandboxLayers()),
    [...sandboxFlags, '--input-type=module', '-e', renderChildSource()],
    ['ignore', 'pipe', 'pipe', 'pipe'],
  );
  // below the server's priority: a section that spins a core slows the other renderers, less the API itself
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, rendererNiceness);
    } catch {
      // a host that forbids it runs renderers at the server's priority
    }
  }
  return child;
}
