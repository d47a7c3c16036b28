import { LRUCache } from 'lru-cache';
import { pageBytes, type SitePage } from './site-page.js';

/** What the rendered pages may hold in memory: odd URLs (query strings) cannot grow it beyond this. */
export const pageCacheBytes = 16 * 1024 * 1024;

/**
 * Pages kept in memory, least recently used out first, bounded in bytes. Pages are the same for every
 * visitor, so a page is rendered once per URL and set of section builds.
 */
export const pageCache = (maxBytes = pageCacheBytes): LRUCache<string, SitePage> =>
  new LRUCache<string, SitePage>({ maxSize: maxBytes, sizeCalculation: pageBytes });
