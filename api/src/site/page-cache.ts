/**
 * Pages kept in memory, least recently used out first. Pages are the same for every visitor, so a page
 * is rendered once per URL, origin and set of section builds; the count bound keeps odd URLs from
 * filling memory.
 */
export class PageCache<T> {
  private readonly pages = new Map<string, T>();

  constructor(private readonly maxPages: number) {}

  get(key: string): T | undefined {
    const page = this.pages.get(key);
    if (page !== undefined) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: T): void {
    this.pages.delete(key);
    this.pages.set(key, page);
    for (const oldest of this.pages.keys()) {
      if (this.pages.size <= this.maxPages) break;
      this.pages.delete(oldest);
    }
  }

  get size(): number {
    return this.pages.size;
  }
}
