import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import {
  bucketCount,
  experimentCookieDays,
  experimentCookieOf,
  type Experiment,
} from '@portfolio/contracts/experiments';
import type { RemoteName, RemotesConfig } from '@portfolio/contracts/remote-routes';
import { optsOut } from '../common/opts-out.js';
import type { FirstVisit } from '../field/page-view-proofs.js';
import { ExperimentsTable } from './experiments-table.js';

/** How long one replica trusts its list of running experiments: a change elsewhere reaches it this late. */
export const runningCacheMs = 1000;

/** What the experiments make of one request. */
interface Assignment {
  /** the sections this browser gets the candidate of */
  candidates: Partial<RemotesConfig>;
  /** whether any experiment runs: the page differs between visitors (never kept by a shared cache) */
  underExperiment: boolean;
  /** Set-Cookie values for a new or changed assignment (a page response or /remotes.json sends them) */
  cookies: string[];
  /** the experiments this request is the visitor's first of (assigned now): the visitors the guard counts */
  firstVisits: FirstVisit[];
}

/** No experiment for this request: everyone's live. */
export const noAssignment: Assignment = { candidates: {}, underExperiment: false, cookies: [], firstVisits: [] };

/** The bucket a cookie holds for this experiment, or null (another experiment's, an ended one's, forged). */
function bucketIn(cookie: unknown, experimentId: number): number | null {
  if (typeof cookie !== 'string') return null;
  const match = /^(\d{1,10})\.(\d{1,2})$/.exec(cookie);
  if (!match || Number(match[1]) !== experimentId) return null;
  return Number(match[2]);
}

function cookieText(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Which variant of each running experiment a request gets (LiveSections.forRequest asks, once per request):
 * the bucket in the visitor's `exp_<section>` cookie, or a new one drawn at random for a first visit. The
 * cookie holds the experiment and the bucket only, so every replica assigns a visitor the same way.
 */
@Injectable()
export class ExperimentAssignments {
  private cached: { at: number; running: Promise<Experiment[]> } | null = null;

  constructor(private readonly table: ExperimentsTable) {}

  /** Forget the cached list: this replica just changed an experiment. */
  changed(): void {
    this.cached = null;
  }

  running(): Promise<Experiment[]> {
    if (!this.cached || Date.now() - this.cached.at > runningCacheMs) {
      const running = this.table.running();
      this.cached = { at: Date.now(), running };
      // a failed read is not kept: the next request asks again
      running.catch(() => (this.cached = null));
    }
    return this.cached.running;
  }

  async forRequest(req: IncomingMessage & { cookies?: Record<string, unknown> }): Promise<Assignment> {
    const running = await this.running();
    const secure = (req as { secure?: boolean }).secure === true;
    const cookies: string[] = [];
    const runningSections = new Set(running.map((experiment) => experiment.section));
    // a cookie of an experiment no longer running is cleared
    for (const name of Object.keys(req.cookies ?? {}))
      if (/^exp_[a-z]+$/.test(name) && !runningSections.has(name.slice(4) as RemoteName))
        cookies.push(cookieText(name, '', 0, secure));
    if (running.length === 0) return cookies.length > 0 ? { ...noAssignment, cookies } : noAssignment;
    if (optsOut(req)) return { candidates: {}, underExperiment: true, cookies, firstVisits: [] };
    const candidates: Partial<RemotesConfig> = {};
    const firstVisits: FirstVisit[] = [];
    for (const experiment of running) {
      const name = experimentCookieOf(experiment.section);
      let bucket = bucketIn(req.cookies?.[name], experiment.id);
      const first = bucket === null;
      if (bucket === null) {
        bucket = randomInt(bucketCount);
        cookies.push(cookieText(name, `${experiment.id}.${bucket}`, experimentCookieDays * 86_400, secure));
      }
      const candidate = bucket < experiment.share;
      if (candidate) candidates[experiment.section] = experiment.candidateUrl;
      if (first)
        firstVisits.push({
          experiment: experiment.id,
          section: experiment.section,
          candidate,
          share: experiment.share,
        });
    }
    return { candidates, underExperiment: true, cookies, firstVisits };
  }
}
