import { PageCache } from './page-cache.js';

describe('the page cache', () => {
  it('keeps at most its number of pages, the least recently used going first', () => {
    const cache = new PageCache<string>(2);
    cache.set('/a', 'A');
    cache.set('/b', 'B');
    expect(cache.get('/a')).toBe('A');
    cache.set('/c', 'C');
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c')]).toEqual(['A', undefined, 'C']);
    expect(cache.size).toBe(2);
  });

  it('replaces a page kept under the same key', () => {
    const cache = new PageCache<string>(2);
    cache.set('/a', 'old');
    cache.set('/a', 'new');
    expect([cache.get('/a'), cache.size]).toEqual(['new', 1]);
  });
});
