import { Worker } from 'node:worker_threads';

/** What a prober saw: its slowest answer, how many it got, and how many were not a 200. */
export interface Probed {
  slowestMs: number;
  answers: number;
  failures: number;
}

/** How long the prober waits after each answer before it asks again. */
const probeEveryMs = 50;

// In a thread of its own, so that the server's event loop (the test's own thread) never delays the asking: a
// request waits only on the server. One request at a time, a new one `probeEveryMs` after each answer. Each answer
// costs about 1-2 ms of the server's event loop and as much of the prober's thread, and the rate is not what the
// specs assert (every answer a 200, and the event loop's own CPU): at 5 ms a run of hostile-releases-uploads made
// 1,250-1,550 requests, at 20 ms about 600, at 50 ms about 250. The slowest answer is printed, never asserted. One
// thread serves a spec file's every attack (a thread's start and its fetch loaded cost some 100 ms of CPU each); at
// each attack's start a first request (the connection opened again if it was closed meanwhile) is not counted.
const proberSource = `
const { parentPort, workerData } = require('node:worker_threads');
let running = Promise.resolve();
let current = { stopping: true };
async function probe(session) {
  let slowestMs = 0, answers = 0, failures = 0;
  await (await fetch(workerData.url)).arrayBuffer();
  parentPort.postMessage({ kind: 'started' });
  while (!session.stopping) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
    } catch {
      failures += 1;
    }
    slowestMs = Math.max(slowestMs, performance.now() - started);
    answers += 1;
    if (!session.stopping) await new Promise((resolve) => setTimeout(resolve, ${probeEveryMs}));
  }
  parentPort.postMessage({ kind: 'done', slowestMs, answers, failures });
}
parentPort.on('message', (message) => {
  if (message === 'start') {
    const session = { stopping: false };
    current = session;
    running = running.then(() => probe(session));
  } else current.stopping = true;
});
`;

type Message = { kind: string } & Partial<Probed>;

/** A prober of `<baseUrl>/api/health` in a thread of its own, idle until asked to watch an attack. */
export interface HealthProber {
  /**
   * Asks /api/health over and over while `attack` runs (from its first answer on), and answers the attack's
   * result with what the prober saw meanwhile.
   */
  during: <T>(attack: () => Promise<T>) => Promise<{ result: T; probed: Probed }>;
  close: () => Promise<void>;
}

export function healthProber(baseUrl: string): HealthProber {
  const worker = new Worker(proberSource, { eval: true, workerData: { url: `${baseUrl}/api/health` } });
  let failed: Error | null = null;
  const waiting = new Set<(error: Error) => void>();
  worker.on('error', (error: Error) => {
    failed = error;
    for (const reject of waiting) reject(error);
  });
  const next = (kind: string) =>
    new Promise<Message>((resolve, reject) => {
      if (failed) {
        reject(failed);
        return;
      }
      const onMessage = (message: Message) => {
        if (message.kind !== kind) return;
        worker.off('message', onMessage);
        waiting.delete(reject);
        resolve(message);
      };
      waiting.add(reject);
      worker.on('message', onMessage);
    });
  let watching = Promise.resolve();
  return {
    during: <T>(attack: () => Promise<T>) => {
      // one attack at a time: the thread's counts are one attack's
      const watched = watching.then(async () => {
        const started = next('started');
        worker.postMessage('start');
        await started;
        const done = next('done');
        let seen: Message;
        let result: T;
        try {
          result = await attack();
        } finally {
          worker.postMessage('stop');
          seen = await done;
        }
        const probed = {
          slowestMs: Math.round(seen.slowestMs ?? 0),
          answers: seen.answers ?? 0,
          failures: seen.failures ?? 0,
        };
        return { result, probed };
      });
      watching = watched.then(
        () => undefined,
        () => undefined,
      );
      return watched;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
