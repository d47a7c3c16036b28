import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Database } from '../storage/database.js';

/**
 * express-rate-limit's counters in the database (table rate_limit_hits), so that every replica counts
 * the same hits for a client: one atomic upsert per request, on PGlite and PostgreSQL alike.
 * Our own rather than a published PostgreSQL store: the maintained one pins an old node-postgres,
 * brings its own migration tool and schema, and takes a pg pool, so it cannot run on PGlite.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private nextSweep = 0;

  constructor(
    private readonly database: Database,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.database.query<{ hits: number; reset_at: Date }>(
      'select hits, reset_at from rate_limit_hits where key = $1 and reset_at > now()',
      [this.prefix + key],
    );
    return row && { totalHits: row.hits, resetTime: row.reset_at };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    this.sweepNowAndThen();
    // a window that has run out starts again at one hit
    const [row] = await this.database.query<{ hits: number; reset_at: Date }>(
      `insert into rate_limit_hits as counter (key, hits, reset_at)
       values ($1, 1, now() + make_interval(secs => $2))
       on conflict (key) do update set
         hits = case when counter.reset_at <= now() then 1 else counter.hits + 1 end,
         reset_at = case when counter.reset_at <= now() then excluded.reset_at else counter.reset_at end
       returning hits, reset_at`,
      [this.prefix + key, this.windowMs / 1000],
    );
    if (!row) throw new Error('the rate-limit counter was not returned');
    return { totalHits: row.hits, resetTime: row.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.database.query('update rate_limit_hits set hits = greatest(hits - 1, 0) where key = $1', [
      this.prefix + key,
    ]);
  }

  async resetKey(key: string): Promise<void> {
    await this.database.query('delete from rate_limit_hits where key = $1', [this.prefix + key]);
  }

  /** Counters of clients that never came back are deleted once per window, by whichever request comes. */
  private sweepNowAndThen(): void {
    if (Date.now() < this.nextSweep) return;
    this.nextSweep = Date.now() + this.windowMs;
    this.database
      .query('delete from rate_limit_hits where reset_at < now()')
      .catch(() => undefined /* the next sweep tries again */);
  }
}
