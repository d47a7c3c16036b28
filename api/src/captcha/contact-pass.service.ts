import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { DATABASE, type Database } from '../storage/database.js';

const contactPassCookie = 'contact_pass';
/** A solved captcha buys one message within this time. */
const contactPassLifetimeMs = 10 * 60 * 1000;

const cookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure: req.secure,
  signed: true,
  path: '/api',
});

/**
 * The one-time "contact pass": a signed, httpOnly, SameSite=Strict cookie naming a nonce that the
 * database holds until it expires or a message consumes it, so the captcha cannot be skipped or replayed.
 */
@Injectable()
export class ContactPassService {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async issue(req: Request, res: Response): Promise<void> {
    const nonce = randomBytes(24).toString('base64url');
    await this.database.query('delete from contact_passes where expires_at < now()');
    await this.database.query(
      `insert into contact_passes (nonce, expires_at) values ($1, now() + make_interval(secs => $2))`,
      [nonce, contactPassLifetimeMs / 1000],
    );
    res.cookie(contactPassCookie, nonce, { ...cookieOptions(req), maxAge: contactPassLifetimeMs });
  }

  /** The nonce of a valid, unused, unexpired pass the request carries, or null. */
  async find(req: Request): Promise<string | null> {
    const nonce: unknown = (req.signedCookies as Record<string, unknown> | undefined)?.[contactPassCookie];
    if (typeof nonce !== 'string' || nonce === '') return null;
    const rows = await this.database.query('select 1 from contact_passes where nonce = $1 and expires_at > now()', [
      nonce,
    ]);
    return rows.length > 0 ? nonce : null;
  }

  /** Uses the pass up inside the caller's transaction; false when another request got there first. */
  async consume(tx: Pick<Database, 'query'>, nonce: string): Promise<boolean> {
    const rows = await tx.query('delete from contact_passes where nonce = $1 and expires_at > now() returning nonce', [
      nonce,
    ]);
    return rows.length > 0;
  }

  clear(req: Request, res: Response): void {
    const { signed: _signed, ...options } = cookieOptions(req);
    res.clearCookie(contactPassCookie, options);
  }
}
