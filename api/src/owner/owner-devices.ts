import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { OwnerPassword } from './owner-password.js';

/** The browser's mark of a login that worked; sent back to the login call only. */
export const ownerDeviceCookie = 'owner_device';
/** How long a browser stays known without logging in again (each login renews it). */
export const ownerDeviceLifetimeMs = 365 * 24 * 60 * 60_000;

const cookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure: req.secure,
  signed: true,
  path: '/api/owner/login',
});

/** 18 random bytes in base64url: the device's id, which keys its own count of wrong passwords. */
const deviceIdPattern = /^[A-Za-z0-9_-]{24}$/;

/** Ties a device to one password hash: a new password (a new salt, even for the same words) voids it. */
const passwordTag = (deviceId: string, passwordHash: string): string =>
  createHash('sha256').update(`owner-device\n${deviceId}\n${passwordHash}`).digest('base64url');

/** What the cookie holds (signed on top by cookie-parser): the device id, when it was issued, the password tag. */
export const deviceCookieValue = (deviceId: string, issuedAt: number, passwordHash: string): string =>
  `${deviceId}.${issuedAt}.${passwordTag(deviceId, passwordHash)}`;

/**
 * OWASP's device cookies: a browser that has logged in keeps its own allowance of wrong passwords, so that
 * strangers spending theirs (per address and all together) cannot lock the owner out. The cookie is signed
 * with the app's cookie secret (cookie-parser), names a random device id, when it was issued and a tag of
 * the current password hash; nothing is stored but the wrong-password counts (common/rate-limit.ts).
 */
@Injectable()
export class OwnerDevices {
  constructor(private readonly password: OwnerPassword) {}

  /** After a login that worked: a new device id, bound to the password that was just checked. */
  issue(req: Request, res: Response, passwordHash: string): void {
    const deviceId = randomBytes(18).toString('base64url');
    res.cookie(ownerDeviceCookie, deviceCookieValue(deviceId, Date.now(), passwordHash), {
      ...cookieOptions(req),
      maxAge: ownerDeviceLifetimeMs,
    });
  }

  /**
   * The device id of a browser that logged in with the current password, or null: no cookie, a forged or
   * unsigned one, one older than its lifetime, or one from before the password was last set.
   */
  async recognise(req: Request): Promise<string | null> {
    const value: unknown = (req.signedCookies as Record<string, unknown> | undefined)?.[ownerDeviceCookie];
    if (typeof value !== 'string') return null;
    const [deviceId = '', issuedAt = '', tag = '', ...rest] = value.split('.');
    if (!deviceIdPattern.test(deviceId) || !/^\d{1,15}$/.test(issuedAt) || rest.length > 0) return null;
    const age = Date.now() - Number(issuedAt);
    // a minute of leeway: replicas' clocks may differ a little
    if (age < -60_000 || age > ownerDeviceLifetimeMs) return null;
    const hash = await this.password.read();
    return hash !== null && tag === passwordTag(deviceId, hash) ? deviceId : null;
  }
}
