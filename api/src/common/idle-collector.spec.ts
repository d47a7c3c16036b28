import { spawn } from 'node:child_process';
import { channel } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { collectAll, IdleCollector } from './idle-collector.js';

const mb = 1024 * 1024;

/** The collectors a test watched with, stopped after it. */
const watching: IdleCollector[] = [];
afterEach(() => {
  for (const collector of watching.splice(0)) collector.stop();
});

/**
 * A collector as the server's (two quiet looks, a health check's request or two a look), looking only when told
 * here; requests and starts told as Node tells them (its diagnostics channels).
 */
function counted() {
  const collector = new IdleCollector({ lookMs: 3_600_000, quietLooks: 2, quietRequests: 2, collect: () => true });
  watching.push(collector.watch());
  /** `looks` looks, with `requests` requests before each (and a process started, if `start`) */
  const looks = (count: number, requests = 0, start = false) => {
    for (let look = 0; look < count; look += 1) {
      for (let request = 0; request < requests; request += 1) channel('http.server.request.start').publish({});
      if (start) channel('child_process').publish({});
      collector.look();
    }
  };
  return { collector, looks };
}

describe('IdleCollector', () => {
  it('collects once after a start, and never while requests come', () => {
    const { collector, looks } = counted();
    // two quiet looks after a start: what the start left is given back
    looks(1);
    expect(collector.collections).toBe(0);
    looks(1);
    expect(collector.collections).toBe(1);
    // ten minutes of a visitor every few seconds (3 requests in 5 s): none
    looks(120, 3);
    expect(collector.collections).toBe(1);
    // ten minutes with one look in two quiet: none either
    for (let look = 0; look < 60; look += 1) {
      looks(1, 50);
      looks(1);
    }
    expect(collector.collections).toBe(1);
    // then quiet: one, 10 s after the last request
    looks(2);
    expect(collector.collections).toBe(2);
  });

  it('collects once per quiet stretch: a health check every 5 s is quiet, a renderer started is not', () => {
    const { collector, looks } = counted();
    looks(2);
    expect(collector.collections).toBe(1);
    // an hour of health checks: nothing more to give back, no collection
    looks(720, 1);
    expect(collector.collections).toBe(1);
    // the kept renderers renewed (their starts, each sent the render module): one more once quiet
    looks(3, 1, true);
    looks(2, 1);
    expect(collector.collections).toBe(2);
    looks(720, 2);
    expect(collector.collections).toBe(2);
  });

  it('gives V8 back the pages load grew, which its own collections keep', () => {
    // garbage that lived long enough to reach the old generation, as a render's and a page's do under load
    let kept: Array<Array<{ text: string }>> = [];
    for (let round = 0; round < 30; round += 1) {
      kept.push(Array.from({ length: 100_000 }, (_, index) => ({ text: `page ${round} ${index}` })));
      if (kept.length > 4) kept.shift();
    }
    kept = [];
    const before = v8.getHeapStatistics().total_heap_size;
    // what this context's global had before (a jest worker may carry one from elsewhere: seen once in a fresh clone's run)
    const gcBefore = (globalThis as { gc?: unknown }).gc;
    expect(collectAll()).toBe(true);
    const after = v8.getHeapStatistics();
    // four rounds of 100,000 objects (about 40 MB) were alive last; what they held is given back
    expect(before - after.total_heap_size).toBeGreaterThan(20 * mb);
    // the heap keeps little beyond its live objects, where a regular full collection here keeps 133 MB of empty
    // pages (jest's young generation at its largest, and some of the old generation's): 1.3 MB with this file run
    // alone, 40 MB in a jest worker that ran other files first (a fresh clone's npm test, load 9); half of 133 it
    // may not reach
    expect(after.total_heap_size - after.used_heap_size).toBeLessThan(64 * mb);
    // and no `gc` is left for other code to call: not on this context's global, nor on a context made later
    expect((globalThis as { gc?: unknown }).gc).toBe(gcBefore);
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });

  it("counts this process's requests and started processes", async () => {
    const server: Server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const collector = new IdleCollector({
      // it looks only when told here
      lookMs: 3_600_000,
      quietLooks: 1,
      quietRequests: 2,
      collect: () => true,
    }).watch();
    watching.push(collector);
    try {
      const { port } = server.address() as AddressInfo;
      collector.look();
      expect(collector.collections).toBe(1);
      // three requests: a busy look, then a quiet one collects
      for (let request = 0; request < 3; request += 1) await (await fetch(`http://127.0.0.1:${port}/`)).text();
      collector.look();
      expect(collector.collections).toBe(1);
      collector.look();
      expect(collector.collections).toBe(2);
      // a process started: the same
      await new Promise((resolve) => spawn(process.execPath, ['-e', '']).once('exit', resolve));
      collector.look();
      expect(collector.collections).toBe(2);
      collector.look();
      expect(collector.collections).toBe(3);
      // stopped: it counts nothing more (else a busy look, then a collection)
      collector.stop();
      for (let request = 0; request < 3; request += 1) await (await fetch(`http://127.0.0.1:${port}/`)).text();
      collector.look();
      collector.look();
      expect(collector.collections).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
