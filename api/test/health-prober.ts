import { Worker } from 'node:worker_threads';

/** What a prober saw: its slowest answer, how many it got, and how many were not a 200. */
export interface Probed {
  slowestMs: number;
  answers: number;
  failures: number;
}

// In a thread of its own, so that the server's event loop (the test's own thread) never delays the asking: a
// request waits only on the server. One request at a time, a new one 20 ms after each answer, so that the event
// loop is never left unasked longer than that; at 5 ms a run of hostile-releases-uploads made 1,250-1,550 requests
// (and -boundary 700-750), each about 1 ms of the server's event loop (the specs' own figure); the slowest answer
// is printed, never asserted. The first one (a new connection, fetch loaded) is not counted.
const proberSource = `
const { parentPort, workerData } = require('node:worker_threads');
let stopping = false;
parentPort.on('message', () => { stopping = true; });
(async () => {
  let slowestMs = 0, answers = 0, failures = 0;
  // the first request opens the connection and loads fetch in this thread: not counted
  await (await fetch(workerData.url)).arrayBuffer();
  parentPort.postMessage({ kind: 'started' });
  while (!stopping) {
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
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage({ kind: 'done', slowestMs, answers, failures });
})();
`;

/**
 * Asks `<baseUrl>/api/health` over and over while `attack` runs (from its first answer on), and answers the
 * attack's result with the slowest health answer seen meanwhile.
 */
export async function whileProbingHealth<T>(
  baseUrl: string,
  attack: () => Promise<T>,
): Promise<{ result: T; probed: Probed }> {
  const worker = new Worker(proberSource, { eval: true, workerData: { url: `${baseUrl}/api/health` } });
  const messages: Array<{ kind: string } & Partial<Probed>> = [];
  const next = (kind: string) =>
    new Promise<{ kind: string } & Partial<Probed>>((resolve, reject) => {
      const found = messages.find((message) => message.kind === kind);
      if (found) {
        resolve(found);
        return;
      }
      const onMessage = (message: { kind: string } & Partial<Probed>) => {
        if (message.kind !== kind) return;
        worker.off('message', onMessage);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  worker.on('message', (message: { kind: string } & Partial<Probed>) => messages.push(message));
  try {
    await next('started');
    const result = await attack();
    worker.postMessage('stop');
    const done = await next('done');
    return {
      result,
      probed: { slowestMs: Math.round(done.slowestMs ?? 0), answers: done.answers ?? 0, failures: done.failures ?? 0 },
    };
  } finally {
    await worker.terminate();
  }
}
