import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/**
 * A loaded host, as CI's two busy cores are: `perCore` busy loops a core, each a process of its own at the default
 * priority (the renderers run 5 below it), each ending by itself after `ms` whatever happens to the test, and ended
 * by the call this answers. Loopback and nothing else: they only spin.
 */
export async function busyCores(perCore: number, ms: number): Promise<() => Promise<void>> {
  const loops: ChildProcess[] = [];
  const started: Array<Promise<void>> = [];
  for (let index = 0; index < perCore * cpus().length; index += 1) {
    const loop = spawn(
      process.execPath,
      ['-e', `process.stdout.write('spinning\\n'); const end = Date.now() + ${ms}; while (Date.now() < end);`],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    loops.push(loop);
    started.push(new Promise((resolve) => loop.stdout.once('data', () => resolve())));
  }
  await Promise.all(started);
  return async () => {
    const running = loops.filter((loop) => loop.exitCode === null && loop.signalCode === null);
    await Promise.all(
      running.map(
        (loop) =>
          new Promise<void>((resolve) => {
            loop.once('exit', () => resolve());
            loop.kill('SIGKILL');
          }),
      ),
    );
  };
}

/** The CPU time (ms, user + system, /proc/<pid>/stat) of each child process of this one, by process id. */
export function childrenCpuMs(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid) found.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The load average over the last minute, for the figures a test prints. */
export const load = () => loadavg()[0]?.toFixed(1) ?? '?';
