import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { FieldEventsStore, rawEventDays } from './field-events-store.js';

/** Often enough that no raw event outlives its 30 days by more than a few hours. */
const everyMs = 3 * 3_600_000;

/** Deletes raw field events older than 30 days: at start, then every few hours (each replica; twice is harmless). */
@Injectable()
export class RawEventsCleanup implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RawEventsCleanup.name);
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
      const deleted = await this.events.deleteOldEvents();
      if (deleted > 0) this.logger.log(`deleted ${deleted} field events older than ${rawEventDays} days`);
    } catch (error) {
      this.logger.warn(`could not delete old field events: ${String(error)}`);
    }
  }
}
