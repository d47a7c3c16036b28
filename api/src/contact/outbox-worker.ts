import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE, type Database } from '../storage/database.js';
import { contactMail } from './contact-mail.js';
import { Mailer } from './mailer.js';
import type { StoredMessage } from './stored-message.js';

/** Longest sleep between looks at the outbox, so rows due after a clock change are not forgotten. */
const maxIdleMs = 60_000;
/** On shutdown, how long an in-flight delivery may finish before the database closes under it. */
const shutdownGraceMs = 5_000;

/** The wait before try `attempts + 1` after `attempts` failed ones: the base, doubling, up to the maximum. */
export function retryDelayMs(attempts: number, outbox: { retryBaseMs: number; retryMaxMs: number }): number {
  return Math.min(outbox.retryBaseMs * 2 ** Math.max(attempts - 1, 0), outbox.retryMaxMs);
}

/**
 * Sends stored messages until each is delivered: a failure is retried with exponential backoff and a
 * message is marked delivered only after the SMTP server took it, so an outage or a restart loses nothing.
 * Replicas share the outbox: each message is claimed, just before it is sent, by pushing its
 * next_attempt_at one lease ahead (`for update skip locked`, so two replicas never claim the same row);
 * if the replica dies while sending, another takes the message once the lease has run out. At worst a
 * message sent just before a crash goes out twice, with the same Message-ID.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly mailer: Mailer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.mailer.configured) {
      const [row] = await this.database.query<{ count: number }>(
        'select count(*)::int as count from contact_messages where delivered_at is null',
      );
      if (row && row.count > 0)
        this.logger.warn(`${row.count} contact message(s) wait undelivered: SMTP_URL is not set`);
      return;
    }
    this.kick();
  }

  /** Whether mail can go out at all (SMTP_URL is set). */
  get delivers(): boolean {
    return this.mailer.configured;
  }

  /** Look at the outbox now (a message was just stored, or the owner asked to send one again). */
  kick(): void {
    if (this.stopped || !this.mailer.configured) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.deliverDue()
      .catch((error: unknown) =>
        this.logger.error(`outbox pass failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .then(() => this.scheduleNext())
      .catch((error: unknown) =>
        this.logger.error(`outbox wake-up not scheduled: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Log what waits when mail cannot go out at all. */
  noteStored(id: number): void {
    if (!this.mailer.configured)
      this.logger.warn(`contact message #${id} stored and not delivered: SMTP_URL is not set`);
  }

  /** Stops claiming; a mail being sent may finish and is then marked delivered, so a normal stop sends nothing twice. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.running)
      await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, shutdownGraceMs).unref())]);
  }

  private async deliverDue(): Promise<void> {
    // a stop during the previous delivery ends the loop before the next claim
    while (!this.stopped) {
      const message = await this.claimNext();
      if (!message) return;
      await this.deliver(message);
    }
  }

  /** One due message, now leased to this replica; null when none is due. */
  private async claimNext(): Promise<StoredMessage | null> {
    const [message] = await this.database.query<StoredMessage>(
      `update contact_messages set next_attempt_at = now() + make_interval(secs => $1)
       where id = (
         select id from contact_messages where delivered_at is null and next_attempt_at <= now()
         order by id limit 1 for update skip locked
       )
       returning id, f_name, l_name, email, org, subject, message, created_at, attempts`,
      [this.config.outbox.leaseMs / 1000],
    );
    return message ?? null;
  }

  private async deliver(message: StoredMessage): Promise<void> {
    try {
      await this.mailer.send(contactMail(message, this.config.contactTo, this.config.contactFrom));
    } catch (error) {
      const attempts = message.attempts + 1;
      const delayMs = retryDelayMs(attempts, this.config.outbox);
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        `contact message #${message.id} not delivered (try ${attempts}): ${reason}; next try in ${delayMs} ms`,
      );
      await this.database.query(
        `update contact_messages set attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
         where id = $1 and delivered_at is null`,
        [message.id, attempts, reason.slice(0, 500), delayMs / 1000],
      );
      return;
    }
    // even while stopping: the SMTP server has the mail, so it must never be sent again
    await this.database.query(
      'update contact_messages set delivered_at = now(), attempts = attempts + 1, last_error = null where id = $1',
      [message.id],
    );
    this.logger.log(`contact message #${message.id} delivered`);
  }

  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    // leased messages count too: this replica wakes when another's lease runs out
    const [row] = await this.database.query<{ wait_ms: number | null }>(
      `select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as wait_ms from contact_messages where delivered_at is null`,
    );
    const waitMs = row?.wait_ms == null ? maxIdleMs : Math.min(Math.max(row.wait_ms, 0), maxIdleMs);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), waitMs);
    this.timer.unref();
  }
}
