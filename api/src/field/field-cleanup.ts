import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { aggregateDays, FieldEventsStore, rawEventDays } from './field-events-store.js';

/** Often enough that nothing outlives its time by more than a few hours. */
const everyMs = 3 * 3_600_000;

/**
 * Deletes field data kept for a set time (FieldEventsStore.deleteOld: raw events after 30 days, aggregates after
 * 90, used page views once their proof expired, an experiment's visitors 30 days after it ended): at start, then
 * every few hours (each replica; twice is harmless).
 */
@Injectable()
export class FieldCleanup implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(FieldCleanup.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly events: FieldEventsStore) {}

  /** Nest awaits it: the server answers once what is too old is gone. */
  async onApplicationBootstrap(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run(), everyMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async run(): Promise<void> {
    try {
      const deleted = await this.events.deleteOld();
      if (deleted > 0)
        this.logger.log(
          `deleted ${deleted} rows of field data past their time (${rawEventDays} and ${aggregateDays} days)`,
        );
    } catch (error) {
      this.logger.warn(`could not delete old field data: ${String(error)}`);
    }
  }
}
