import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE, type Database } from '../storage/database.js';
import { OwnerPassword } from './owner-password.js';

/** A live session as the server knows it: the hash of its id (the row's key), and when it ends if left idle. */
export interface OwnerSessionInfo {
  idHash: string;
  expiresAt: Date;
}

/** A session just created: the raw id goes into the cookie and nowhere else. */
interface NewOwnerSession extends OwnerSessionInfo {
  id: string;
}

/** 32 random bytes in base64url: exactly 43 characters of that alphabet. */
const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;

/** The row key of a session id: a database dump or log line never holds a usable cookie. */
export const hashSessionId = (rawId: string): string => createHash('sha256').update(rawId).digest('hex');

/**
 * The owner's sessions in table owner_sessions, so that every replica knows them: a random id per login,
 * stored hashed, ended after `ownerSession.idleMs` without a call and `ownerSession.maxMs` after login.
 * expires_at holds the hard end (login + max); the idle end is last_seen_at + idle, moved by each call.
 * Setting a new password (`npm run owner:password`) ends every session begun before it.
 */
@Injectable()
export class OwnerSessions {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly password: OwnerPassword,
  ) {}

  private get idleSecs(): number {
    return this.config.ownerSession.idleMs / 1000;
  }

  async create(): Promise<NewOwnerSession> {
    // sessions that ran out are removed whenever the owner logs in: there are never many
    await this.database.query(
      'delete from owner_sessions where expires_at <= now() or last_seen_at <= now() - make_interval(secs => $1)',
      [this.idleSecs],
    );
    const id = randomBytes(32).toString('base64url');
    const idHash = hashSessionId(id);
    const [row] = await this.database.query<{ expires_at: Date }>(
      `insert into owner_sessions (id_hash, expires_at) values ($1, now() + make_interval(secs => $2))
       returning least(expires_at, now() + make_interval(secs => $3)) as expires_at`,
      [idHash, this.config.ownerSession.maxMs / 1000, this.idleSecs],
    );
    if (!row) throw new Error('insert into owner_sessions returned no row');
    return { id, idHash, expiresAt: row.expires_at };
  }

  /**
   * The one rule for "is this session still live", for every reader of owner_sessions (the session guard,
   * the previews): not past its hard end, not idle too long, and begun after the password was last set
   * (`npm run owner:password` ends every session from before). A where clause over the row, its three
   * parameters numbered from `first`.
   */
  private async liveRule(first: number): Promise<{ where: string; params: unknown[] }> {
    const passwordSetAt = await this.password.setAt();
    const [idle, setAt] = [`$${first}`, `$${first + 1}`];
    return {
      where: `expires_at > now() and last_seen_at > now() - make_interval(secs => ${idle})
         and (${setAt}::timestamptz is null or created_at >= ${setAt}::timestamptz)`,
      params: [this.idleSecs, passwordSetAt?.toISOString() ?? null],
    };
  }

  /** The live session with this raw id, its idle clock restarted; null when unknown, malformed or ended. */
  async find(rawId: string | undefined | null): Promise<OwnerSessionInfo | null> {
    if (typeof rawId !== 'string' || !sessionIdPattern.test(rawId)) return null;
    const idHash = hashSessionId(rawId);
    const live = await this.liveRule(2);
    const [row] = await this.database.query<{ expires_at: Date }>(
      `update owner_sessions set last_seen_at = now()
       where id_hash = $1 and ${live.where}
       returning least(expires_at, now() + make_interval(secs => $2)) as expires_at`,
      [idHash, ...live.params],
    );
    if (row) return { idHash, expiresAt: row.expires_at };
    // an ended session is gone for good, even if its idle clock could be argued about
    await this.database.query('delete from owner_sessions where id_hash = $1', [idHash]);
    return null;
  }

  /** Whether the session with this id hash is live, by the same rule, without restarting its idle clock. */
  async isLive(idHash: string): Promise<boolean> {
    const live = await this.liveRule(2);
    const rows = await this.database.query(`select 1 from owner_sessions where id_hash = $1 and ${live.where}`, [
      idHash,
      ...live.params,
    ]);
    return rows.length > 0;
  }

  /** Ends the session (logout); nothing happens for an unknown id. */
  async end(rawId: string | undefined | null): Promise<void> {
    if (typeof rawId !== 'string' || !sessionIdPattern.test(rawId)) return;
    await this.database.query('delete from owner_sessions where id_hash = $1', [hashSessionId(rawId)]);
  }
}
