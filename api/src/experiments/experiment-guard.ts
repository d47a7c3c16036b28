import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Experiment } from '@portfolio/contracts/experiments';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { OutboxWorker } from '../contact/outbox-worker.js';
import { LiveConfig } from '../live-sections/live-config.js';
import { DATABASE, type Database, type Queries } from '../storage/database.js';
import { guardReadingOf } from './experiment-results.js';
import { ExperimentsTable } from './experiments-table.js';
import { Experiments } from './experiments.service.js';

/** Any fixed number: the advisory lock that lets one replica at a time evaluate the experiments. */
const guardLock = 8_150_420;

/**
 * The guard: every EXPERIMENT_GUARD_MS, each running experiment's visitors go through guardDecision (guard.ts,
 * a sequential test that stays valid however often it looks); a stop ends it (everyone on live), records why with
 * its figures in its row and the section's history, and mails the owner through the contact outbox. A sample
 * ratio mismatch is kept in the experiment's row while it lasts (shown to the owner; nothing automatic proceeds
 * while it holds), and never keeps a stop from stopping. Replicas take turns (a transaction-scoped advisory lock;
 * a replica that finds it taken skips its turn), and an experiment ends once (experiments-table.ts `end`).
 */
@Injectable()
export class ExperimentGuard implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ExperimentGuard');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly table: ExperimentsTable,
    private readonly experiments: Experiments,
    private readonly live: LiveConfig,
    private readonly outbox: OutboxWorker,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.experimentGuardMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One evaluation, unless one is under way here; answers the experiments it stopped. */
  tick(): Promise<void> {
    this.running ??= this.evaluate()
      .then((stopped) => {
        if (stopped > 0) this.outbox.kick();
      })
      .catch((error: unknown) => this.logger.warn(`experiments not evaluated: ${String(error)}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async evaluate(): Promise<number> {
    if ((await this.table.running()).length === 0) return 0;
    const live = await this.live.current();
    return this.database.transaction(async (tx) => {
      const [lock] = await tx.query<{ got: boolean }>('select pg_try_advisory_xact_lock($1) as got', [guardLock]);
      if (!lock?.got) return 0;
      let stopped = 0;
      for (const experiment of await this.table.running(tx)) {
        const liveNow = live?.[experiment.section];
        // the section was moved meanwhile (a promote or roll back): the experiment's live variant is gone
        if (liveNow && liveNow !== experiment.liveUrl) {
          await this.experiments.end(experiment.id, liveNow === experiment.candidateUrl ? 'promoted' : 'ended', tx);
          continue;
        }
        const reading = await guardReadingOf(experiment, tx);
        if (await this.table.setMismatch(tx, experiment.id, reading.mismatch))
          this.logger.warn(
            `experiment ${experiment.id} on ${experiment.section}: ${reading.mismatch ?? 'the split is as assigned again'}`,
          );
        const why = reading.stop;
        if (!why) continue;
        const ended = await this.experiments.end(experiment.id, `stopped: ${why}`, tx);
        if (!ended) continue;
        await mailOwner(tx, ended, why, this.config.contactFrom);
        this.logger.warn(`experiment ${experiment.id} on ${experiment.section} stopped: ${why}`);
        stopped += 1;
      }
      return stopped;
    });
  }
}

/** The owner's mail, stored in the contact outbox (delivered, retried and shown in the inbox like a message). */
async function mailOwner(tx: Queries, experiment: Experiment, why: string, from: string): Promise<void> {
  await tx.query(
    `insert into contact_messages (f_name, l_name, email, org, subject, message) values ($1, $2, $3, $4, $5, $6)`,
    [
      'Experiment',
      'guard',
      from,
      'this site',
      `Experiment on the ${experiment.section} section stopped`,
      `The experiment ${experiment.id} (release ${experiment.candidateReleaseId} for ${experiment.share} % of ` +
        `visitors, started ${experiment.startedAt}) was stopped: ${why}. Every visitor gets the live release again.`,
    ],
  );
}
