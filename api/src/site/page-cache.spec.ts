import { pageCache } from './page-cache.js';
import { sitePage } from './site-page.js';

const pageOf = (bytes: number) => sitePage(200, 'text/html; charset=utf-8', 'x'.repeat(bytes));

describe('the page cache', () => {
  it('holds pages up to its size in bytes, the least recently used going first', () => {
    // each page is about 1.5 KB with its overhead: two fit in 4 KB, three do not
    const cache = pageCache(4096);
    cache.set('/a', pageOf(1000));
    cache.set('/b', pageOf(1000));
    expect(cache.get('/a')).toBeDefined();
    cache.set('/c', pageOf(1000));
    expect([cache.has('/a'), cache.has('/b'), cache.has('/c')]).toEqual([true, false, true]);
    expect(cache.calculatedSize).toBeLessThanOrEqual(4096);
  });

  it('counts the compressed copy too, and keeps no page larger than the whole cache', () => {
    const cache = pageCache(64 * 1024);
    // a compressible page over 1 KB is kept with its gzipped copy: both bodies count
    const page = pageOf(10_000);
    cache.set('/big', page);
    expect(cache.calculatedSize).toBeGreaterThan(page.body.length + (page.gzipped?.length ?? 0));
    cache.set('/huge', pageOf(100_000));
    expect(cache.has('/huge')).toBe(false);
    expect(cache.has('/big')).toBe(true);
  });

  it('counts what a kept page holds: its bodies are not slices of larger buffers', () => {
    // a page under Node's pooled size, and one whose compressed copy is over 4 KB
    const small = pageOf(3000);
    const text = Array.from({ length: 4000 }, (_, index) => (index * 7919).toString(36)).join(' ');
    const large = sitePage(200, 'text/html; charset=utf-8', text);
    expect(large.gzipped?.length).toBeGreaterThan(4096);
    for (const bytes of [small.body, small.gzipped, large.body, large.gzipped])
      expect(bytes?.buffer.byteLength).toBe(bytes?.length);
  });
});
