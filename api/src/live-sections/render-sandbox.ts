import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The child that runs section code (plain JavaScript: the API's tests start it without a build). */
export const renderChildScript = fileURLToPath(new URL('./render-child.js', import.meta.url));

/** A renderer's V8 heap: a page render needs a few MB; a section that needs more dies, not the server. */
export const renderHeapMb = 48;

/** How much lower a renderer's scheduling priority is than the server's. */
const rendererNiceness = 5;

/** The only variables a renderer gets from the server's environment: none of them is a secret. */
const passedVariables = ['NODE_ENV', 'TZ', 'LANG', 'MALLOC_ARENA_MAX'] as const;

/** What a renderer's environment holds: the allow-list above, nothing else (no DATABASE_URL, COOKIE_SECRET, ...). */
export function sandboxEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of passedVariables) if (env[name] !== undefined) kept[name] = env[name];
  return kept;
}

/**
 * Node's flags for a renderer: the permission model (it reads the render module and its own script, and
 * nothing else: no writes, child processes, workers, addons, WASI or inspector), a small heap, a small
 * young generation, and WebAssembly compiled by Liftoff alone (as the server's own flags, scripts/start.mjs).
 * JavaScript runs in V8's interpreter and baseline compiler only (`--max-opt=1`: no Maglev or TurboFan code,
 * their compilers' memory, or their pages of the node binary), with the heap grown for size over speed: a
 * renderer under load holds 10-25 MB less, at about the same renders per second (docs/performance.md, "Server
 * memory").
 * Not `--jitless` (nor `--lite-mode`, which implies it): it removes WebAssembly, and Node's fetch parses HTTP
 * with WebAssembly, so no section could be loaded.
 */
export function sandboxFlags(renderModule: string): string[] {
  return [
    '--permission',
    `--allow-fs-read=${renderChildScript}`,
    `--allow-fs-read=${path.dirname(renderModule)}`,
    `--max-old-space-size=${renderHeapMb}`,
    '--max-semi-space-size=1',
    '--liftoff-only',
    '--max-opt=1',
    '--optimize-for-size',
  ];
}

/**
 * Starts one renderer process: the running Node binary, with the flags above, its environment from the
 * allow-list, its working directory the render module's folder (it may read nothing else), an IPC channel,
 * and a lower priority than the server's. Its output is piped: the caller logs it under the section's name.
 */
export function startSandboxedChild(renderModule: string): ChildProcess {
  const child = fork(renderChildScript, [], {
    execPath: process.execPath,
    // never the server's own flags (an inspector port, a larger heap, NODE_OPTIONS)
    execArgv: sandboxFlags(renderModule),
    env: sandboxEnv(),
    cwd: path.dirname(renderModule),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'json',
  });
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
