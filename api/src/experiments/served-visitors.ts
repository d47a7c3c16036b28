import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { FirstVisit } from '../field/page-view-proofs.js';
import { DATABASE, type Database } from '../storage/database.js';

/** How often a replica adds what it counted to the table: a page response never waits for a write. */
const servedFlushMs = 1000;

/**
 * The server's own record of visitors per variant (table experiment_served): each visitor's first page of an
 * experiment, counted when the page is sent, whatever its beacons do. Counted in memory and added to the table
 * every second (by upserts that replicas may run at once), so that sending a page costs no database write.
 */
@Injectable()
export class ServedVisitors implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ServedVisitors');
  private counts = new Map<string, { experiment: number; candidate: boolean; share: number; visitors: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(@Inject(DATABASE) private readonly database: Database) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), servedFlushMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  count(visits: readonly FirstVisit[]): void {
    for (const { experiment, candidate, share } of visits) {
      const key = `${experiment}:${candidate}:${share}`;
      const counted = this.counts.get(key);
      if (counted) counted.visitors += 1;
      else this.counts.set(key, { experiment, candidate, share, visitors: 1 });
    }
  }

  /** Adds what was counted since the last time; kept for the next time if the database does not answer. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.counts.size === 0) return;
      const rows = [...this.counts.values()].sort(
        (a, b) => a.experiment - b.experiment || Number(a.candidate) - Number(b.candidate) || a.share - b.share,
      );
      this.counts = new Map();
      try {
        await this.database.query(
          `insert into experiment_served (experiment_id, candidate, share, visitors)
           select * from unnest($1::integer[], $2::boolean[], $3::smallint[], $4::integer[])
           on conflict (experiment_id, candidate, share) do update set visitors = experiment_served.visitors + excluded.visitors`,
          [
            rows.map((row) => row.experiment),
            rows.map((row) => row.candidate),
            rows.map((row) => row.share),
            rows.map((row) => row.visitors),
          ],
        );
      } catch (error) {
        // kept: added with the next flush
        for (const row of rows) {
          const key = `${row.experiment}:${row.candidate}:${row.share}`;
          const counted = this.counts.get(key);
          if (counted) counted.visitors += row.visitors;
          else this.counts.set(key, row);
        }
        this.logger.warn(`visitors served not recorded yet: ${String(error)}`);
      }
    });
    return this.flushing;
  }
}
