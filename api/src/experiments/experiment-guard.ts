import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  UnprocessableEntityException,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { endReasonOf, type EndKind, type Experiment, type GuardFigures } from '@portfolio/contracts/experiments';
import { selfOriginAt } from '../common/origins.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { OutboxWorker } from '../contact/outbox-worker.js';
import { LiveConfig } from '../live-sections/store/live-config.js';
import { byGuard } from '../live-sections/store/section-history.js';
import { DATABASE, type Database, type Queries } from '../storage/database.js';
import { ExperimentAssignments } from './experiment-assignments.js';
import { guardReadingOf } from './experiment-results.js';
import { ExperimentsTable, type StoredExperiment } from './experiments-table.js';
import { Experiments } from './experiments.service.js';
import { rolloutDecision, stepWords } from './rollout-step.js';

/** Any fixed number: the advisory lock that lets one replica at a time evaluate the experiments. */
const guardLock = 8_150_420;

/**
 * How long a rollout's promote, decided at its last step, is left to the replica that decided it (its checks take
 * seconds) before another look takes it over: a replica stopped between the decision and the promote.
 */
const promoteLeaseMs = 5 * 60_000;

/** What one evaluation did: how many it ended with a mail, and the rollouts whose promote it decided. */
interface Evaluation {
  mailed: number;
  toPromote: Array<{ experiment: StoredExperiment; figures: GuardFigures }>;
}

/**
 * The guard: every EXPERIMENT_GUARD_MS, each running experiment's visitors go through guardDecision (guard.ts,
 * a sequential test that stays valid however often it looks); a stop ends it (everyone on live), records why with
 * its figures in its row and the section's history, and mails the owner through the contact outbox. A sample
 * ratio mismatch is kept in the experiment's row while it lasts (shown to the owner; nothing automatic proceeds
 * while it holds), and never keeps a stop from stopping. A rollout's step is decided in the same look
 * (rollout-step.ts): rolled back on harm, its next step begun, or, when the next step is the last, promoted
 * through the releases' promote (its checks run again), after the look's transaction (the checks load the
 * release from this server, which must be able to answer meanwhile). Replicas take turns (a transaction-scoped
 * advisory lock; a replica that finds it taken skips its turn); an experiment ends once (experiments-table.ts
 * `end`) and a step moves once (`advance`: only from the step it was decided on).
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
    private readonly assignments: ExperimentAssignments,
    private readonly live: LiveConfig,
    private readonly outbox: OutboxWorker,
    private readonly adapterHost: HttpAdapterHost,
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

  /** One evaluation, unless one is under way here (then that one's end). */
  tick(): Promise<void> {
    this.running ??= this.evaluate()
      .then(async ({ mailed, toPromote }) => {
        for (const { experiment, figures } of toPromote) mailed += await this.promote(experiment, figures);
        if (mailed > 0) this.outbox.kick();
      })
      .catch((error: unknown) => this.logger.warn(`experiments not evaluated: ${String(error)}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async evaluate(): Promise<Evaluation> {
    const evaluation: Evaluation = { mailed: 0, toPromote: [] };
    if ((await this.table.running()).length === 0) return evaluation;
    const live = await this.live.current();
    const moved = await this.database.transaction(async (tx) => {
      const [lock] = await tx.query<{ got: boolean; now: Date }>(
        'select pg_try_advisory_xact_lock($1) as got, now() as now',
        [guardLock],
      );
      if (!lock?.got) return false;
      const now = new Date(lock.now);
      // whether this look ended or moved an experiment: the cached assignments are forgotten once it commits
      let changed = false;
      for (const experiment of await this.table.running(tx)) {
        const liveNow = live?.[experiment.section];
        // the section was moved meanwhile (a promote or roll back): the experiment's live variant is gone
        if (liveNow && liveNow !== experiment.liveUrl) {
          const reason =
            liveNow === experiment.candidateUrl
              ? 'promoted'
              : experiment.rollout
                ? endReasonOf('rolled back', "the section's live release was changed meanwhile")
                : 'ended';
          changed = (await this.experiments.end(experiment.id, reason, { by: byGuard }, tx)) !== null || changed;
          continue;
        }
        const reading = await guardReadingOf(experiment, tx);
        const figures: GuardFigures = {
          served: reading.served,
          measuredShare: reading.measuredShare,
          assignedShare: reading.assignedShare,
          mismatch: reading.mismatch,
          guardrails: reading.guardrails,
        };
        if (await this.table.setMismatch(tx, experiment.id, reading.mismatch))
          this.logger.warn(
            `experiment ${experiment.id} on ${experiment.section}: ${reading.mismatch ?? 'the split is as assigned again'}`,
          );
        if (!experiment.rollout) {
          if (reading.stop) {
            const ended = await this.endAndMail(tx, experiment, 'stopped', reading.stop, figures);
            evaluation.mailed += ended;
            changed = ended > 0 || changed;
          }
          continue;
        }
        const decision = rolloutDecision({
          schedule: experiment.rollout,
          now,
          minuteMs: this.table.minuteMs,
          visitorsThisStep: experiment.rollout.visitorsThisStep,
          mismatch: reading.mismatch,
          stop: reading.stop,
        });
        if (decision.kind === 'hold') continue;
        if (decision.kind === 'roll back') {
          const ended = await this.endAndMail(tx, experiment, 'rolled back', decision.why, figures);
          evaluation.mailed += ended;
          changed = ended > 0 || changed;
          continue;
        }
        const { steps, step } = experiment.rollout;
        // reaching the last step (100 %) is the promote: decided here, done once this look has committed
        const share = decision.kind === 'promote' ? 100 : decision.share;
        if (step === decision.step) {
          // found at its last step: its promote decided before and not done; taken over once its lease is past
          const taken = await this.table.retakePromote(tx, experiment.id, step, promoteLeaseMs);
          if (!taken) continue;
        } else {
          const advanced = await this.table.advance(tx, experiment.id, step, decision.step, share);
          if (!advanced) continue;
          changed = true;
          await this.experiments.record(tx, advanced, 'rollout step', stepWords(steps, decision.step), {
            by: byGuard,
            figures,
          });
          this.logger.log(`rollout ${experiment.id} on ${experiment.section}: ${stepWords(steps, decision.step)}`);
        }
        if (decision.kind === 'promote') evaluation.toPromote.push({ experiment, figures });
      }
      return changed;
    });
    if (moved) this.assignments.changed();
    return evaluation;
  }

  /**
   * A rollout's promote, decided at its last step: the releases' promote (checks run again), then its end; checks
   * that fail now roll it back (the owner mailed). Answers how many mails it stored. Anything else (the database
   * away) leaves it at its last step, and the next look tries again.
   */
  private async promote(experiment: StoredExperiment, figures: GuardFigures): Promise<number> {
    try {
      await this.experiments.promote(experiment.id, this.selfOrigin(), { by: byGuard, figures });
      this.logger.log(`rollout ${experiment.id} on ${experiment.section}: promoted`);
      return 0;
    } catch (error) {
      if (!(error instanceof UnprocessableEntityException)) {
        this.logger.warn(`rollout ${experiment.id} on ${experiment.section} not promoted yet: ${String(error)}`);
        return 0;
      }
      const why = `its checks failed when it was promoted: ${error.message}`;
      const mailed = await this.database.transaction((tx) =>
        this.endAndMail(tx, experiment, 'rolled back', why, figures),
      );
      if (mailed) this.assignments.changed();
      return mailed;
    }
  }

  /**
   * The guard's end of an experiment (stopped) or a rollout (rolled back) for `why`, and the owner's mail: 1, or 0
   * when it had ended already (another replica's look, or the owner meanwhile).
   */
  private async endAndMail(
    tx: Queries,
    experiment: StoredExperiment,
    ends: Extract<EndKind, 'stopped' | 'rolled back'>,
    why: string,
    figures: GuardFigures,
  ): Promise<number> {
    const ended = await this.experiments.end(experiment.id, endReasonOf(ends, why), { by: byGuard, figures }, tx);
    if (!ended) return 0;
    await mailOwner(tx, ended, why, this.config.contactFrom);
    this.logger.warn(
      `${experiment.rollout ? 'rollout' : 'experiment'} ${experiment.id} on ${experiment.section} ${ends}: ${why}`,
    );
    return 1;
  }

  /** This server as its own checks reach it (a request's selfOriginOf, without a request). */
  private selfOrigin(): string {
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    return selfOriginAt((server.address() as AddressInfo | null)?.port ?? this.config.port);
  }
}

/** The owner's mail, stored in the contact outbox (delivered, retried and shown in the inbox like a message). */
async function mailOwner(tx: Queries, experiment: Experiment, why: string, from: string): Promise<void> {
  const rollout = experiment.rollout;
  await tx.query(
    `insert into contact_messages (f_name, l_name, email, org, subject, message) values ($1, $2, $3, $4, $5, $6)`,
    rollout
      ? [
          'Rollout',
          'guard',
          from,
          'this site',
          `Rollout on the ${experiment.section} section rolled back`,
          `The rollout ${experiment.id} (release ${experiment.candidateReleaseId}, started ${experiment.startedAt} ` +
            `by ${experiment.startedBy}) was rolled back at ${stepWords(rollout.steps, rollout.step)} of visitors: ` +
            `${why}. Every visitor gets the live release again.`,
        ]
      : [
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
