import { LRUCache } from 'lru-cache';
import { pageBytes, type SitePage } from './site-page.js';

/**
 * What the rendered pages may hold in memory: odd URLs (query strings) cannot grow it beyond this. 8 MB keeps
 * 250 to 500 pages (8-32 KB each, with their gzip'd copy), many times the site's pages and their picks; 16 MB
 * put the server tree at its 384 MB limit under a flood of uncached URLs (docs/performance.md "Server memory").
 */
const pageCacheBytes = 8 * 1024 * 1024;

/**
 * Pages kept in memory, least recently used out first, bounded in bytes. Pages are the same for every
 * visitor, so a page is rendered once per URL and set of section builds.
 */
export const pageCache = (maxBytes = pageCacheBytes): LRUCache<string, SitePage> =>
  new LRUCache<string, SitePage>({ maxSize: maxBytes, sizeCalculation: pageBytes });
