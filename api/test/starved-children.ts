import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as pause } from 'node:timers/promises';

/**
 * A loaded host as this process's children (the renderers) see it, without loading the host: in turn they run
 * `runMs`, then are stopped (SIGSTOP) `stopMs`, until the call this answers lets them all go on. Each gets
 * runMs / (runMs + stopMs) of the wall clock, as a renderer 5 below the default priority beside a busy loop on each
 * core gets about a quarter of one; a child started meanwhile is caught at the next turn. The busy loops this replaces
 * spent some 9 CPU-s a run of the host the whole suite shares, and slowed every other test meanwhile.
 */
export function starveChildren(runMs: number, stopMs: number): () => Promise<void> {
  const turn = { ended: false };
  const signal = (pids: number[], name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // ended meanwhile
      }
    }
  };
  // a turn always ends with its children going on: the call below only waits for the turn under way
  const turns = (async () => {
    for (;;) {
      await pause(runMs);
      if (turn.ended) return;
      const held = [...childrenCpuMs().keys()];
      signal(held, 'SIGSTOP');
      await pause(stopMs);
      signal(held, 'SIGCONT');
    }
  })();
  return async () => {
    turn.ended = true;
    await turns;
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
