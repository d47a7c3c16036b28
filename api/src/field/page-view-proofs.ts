import { createHmac, hash, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { proofTimingName } from '@portfolio/contracts/field-events';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import { cookieSecret } from '../captcha/cookie-secret.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE, type Database } from '../storage/database.js';

/**
 * A beacon is good for this long after its page was sent: a page left open longer sends nothing that counts.
 * (A page sends when it is hidden: most pages go within minutes.)
 */
export const proofLifetimeMs = 60 * 60_000;
/** A replica whose clock runs ahead of another's by this much still takes its proofs. */
const clockSkewMs = 60_000;

/** A visitor's first page of an experiment: the unit the guard counts (api/src/experiments/guard.ts). */
export interface FirstVisit {
  experiment: number;
  section: RemoteName;
  candidate: boolean;
  /** the candidate's share (percent) when this visitor was assigned */
  share: number;
}

/** What a page view's proof says the server sent. */
export interface PageView {
  /** random (a UUID), this page view's own: its beacons' events are counted against it (table rum_views) */
  nonce: string;
  issuedAt: number;
  /** each section's build on the page (a release id, else its manifest's version): the events' tags */
  builds: Partial<Record<RemoteName, string>>;
  firstVisits: FirstVisit[];
}

export type ProofRefusal = 'malformed' | 'forged' | 'expired';

const sectionOf = (value: unknown) => remoteNames.find((name) => name === value);
const buildPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** The signed fields, short: `n` nonce, `t` issued (ms), `b` builds, `f` first visits [experiment, section, candidate 0/1, share]. */
interface Fields {
  n: string;
  t: number;
  b: PageView['builds'];
  f: Array<[number, string, 0 | 1, number]>;
}

/** The signed fields read back, checked as any input is (a proof of an older form, a bug): null when not a view. */
function viewOf(parsed: unknown): PageView | null {
  const { n, t, b, f } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (typeof n !== 'string' || typeof t !== 'number' || typeof b !== 'object' || b === null || !Array.isArray(f))
    return null;
  const builds: PageView['builds'] = {};
  for (const [name, build] of Object.entries(b as Record<string, unknown>)) {
    const section = sectionOf(name);
    if (!section || typeof build !== 'string' || !buildPattern.test(build)) return null;
    builds[section] = build;
  }
  const firstVisits: FirstVisit[] = [];
  for (const visit of f as unknown[]) {
    const [experiment, name, candidate, share] = Array.isArray(visit) ? (visit as unknown[]) : [];
    const section = sectionOf(name);
    if (typeof experiment !== 'number' || !Number.isSafeInteger(experiment) || !section) return null;
    if (typeof share !== 'number' || share <= 0 || share >= 100) return null;
    firstVisits.push({ experiment, section, candidate: candidate === 1, share });
  }
  return { nonce: n, issuedAt: t, builds, firstVisits };
}

/**
 * Page view proofs (docs/architecture.md "Field measurements"): every page the site sends to a visitor who may
 * be measured carries one, signed with the site's cookie secret (HMAC-SHA256, so every replica checks it and
 * nothing is stored when it is made), naming the builds on the page and the experiments this page was the
 * visitor's first page of. A beacon counts only with one, for at most one page's events, within its lifetime.
 * It travels in the page response's `Server-Timing` header, which the page reads through its navigation timing:
 * a kept page's bytes, ETag and gzip stay the same for everyone. It names no visitor: a new random nonce per page.
 */
/**
 * HMAC-SHA256 (RFC 2104) with a 32-byte key, by two one-shot hashes over pads made once: the same bytes as
 * `createHmac`, without the 25-30 µs its object costs on every page (about a tenth of serving a kept page).
 */
function hmacOf(key: Buffer): (text: string) => Buffer {
  const pad = (byte: number) => Buffer.from(Array.from({ length: 64 }, (_, i) => (key[i] ?? 0) ^ byte));
  const [inner, outer] = [pad(0x36), pad(0x5c)];
  return (text) =>
    hash(
      'sha256',
      Buffer.concat([outer, hash('sha256', Buffer.concat([inner, Buffer.from(text)]), 'buffer')]),
      'buffer',
    );
}

@Injectable()
export class PageViewProofs {
  private mac: Promise<(text: string) => Buffer> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A proof for a page about to be sent. */
  async issue(builds: PageView['builds'], firstVisits: readonly FirstVisit[], now = Date.now()): Promise<string> {
    const fields: Fields = {
      // 122 random bits from the runtime's buffered source (randomBytes asks the system for each page)
      n: randomUUID(),
      t: now,
      b: builds,
      f: firstVisits.map((visit) => [visit.experiment, visit.section, visit.candidate ? 1 : 0, visit.share]),
    };
    const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
    return `${payload}.${await this.signature(payload)}`;
  }

  /** The `Server-Timing` header value that carries a proof to the page. */
  static header(proof: string): string {
    return `${proofTimingName};desc="${proof}"`;
  }

  /** What a beacon's proof says, or why it is refused. */
  async verify(proof: string, now = Date.now()): Promise<PageView | ProofRefusal> {
    const [payload, mac, extra] = proof.split('.');
    if (!payload || !mac || extra !== undefined) return 'malformed';
    const expected = Buffer.from(await this.signature(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
    let view: PageView | null;
    try {
      view = viewOf(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    } catch {
      view = null;
    }
    if (!view) return 'malformed';
    if (view.issuedAt > now + clockSkewMs || view.issuedAt <= now - proofLifetimeMs) return 'expired';
    return view;
  }

  private async signature(payload: string): Promise<string> {
    // a failed read (the database away) is not kept: the next page tries again
    this.mac ??= cookieSecret(this.config, this.database).then(
      ({ secret }) => hmacOf(createHmac('sha256', secret).update('page-view-proof').digest()),
      (error: unknown) => {
        this.mac = null;
        throw error;
      },
    );
    // 16 bytes of the HMAC: forging one is 2^128 tries
    return (await this.mac)(payload).subarray(0, 16).toString('base64url');
  }
}
