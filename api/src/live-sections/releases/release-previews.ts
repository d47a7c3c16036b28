import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import { previewLinkHours, releaseIdPattern, sectionPreviewCookie } from '@portfolio/contracts/section-releases';
import { cookieSecret } from '../../captcha/cookie-secret.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DATABASE, type Database } from '../../storage/database.js';

/** Where preview links point: GET /sections/preview/<signed>. */
export const previewLinkPath = '/sections/preview/';

/** What a signed preview link (and the cookie it sets) stands for. */
export interface ReleasePreview {
  section: RemoteName;
  id: string;
  expiresAt: Date;
}

/** Why a preview link was not honoured. */
export type PreviewRefusal = 'malformed' | 'forged' | 'expired';

/**
 * Preview links: {section, id, expiry} signed with the site's cookie secret (HMAC-SHA256), so that any
 * replica checks them and nothing is stored. The link's text is also the cookie's value (httpOnly), so a
 * page request carries the same proof until the link expires.
 */
@Injectable()
export class ReleasePreviews {
  private secret: Promise<string> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async sign(section: RemoteName, id: string, now = Date.now()): Promise<{ signed: string; expiresAt: Date }> {
    const expiresAt = new Date(now + previewLinkHours * 3_600_000);
    const payload = Buffer.from(JSON.stringify({ s: section, i: id, e: expiresAt.getTime() })).toString('base64url');
    return { signed: `${payload}.${await this.mac(payload)}`, expiresAt };
  }

  /** The release a link or cookie names, or why not. */
  async verify(signed: unknown): Promise<ReleasePreview | PreviewRefusal> {
    if (typeof signed !== 'string' || signed.length > 400) return 'malformed';
    const [payload, mac, extra] = signed.split('.');
    if (!payload || !mac || extra !== undefined) return 'malformed';
    const expected = Buffer.from(await this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
    let fields: { s?: unknown; i?: unknown; e?: unknown };
    try {
      fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof fields;
    } catch {
      return 'malformed';
    }
    const section = remoteNames.find((name) => name === fields.s);
    if (!section || typeof fields.i !== 'string' || !releaseIdPattern.test(fields.i) || typeof fields.e !== 'number')
      return 'malformed';
    if (fields.e <= Date.now()) return 'expired';
    return { section, id: fields.i, expiresAt: new Date(fields.e) };
  }

  /** The release a page request previews (its cookie), or null. */
  async forCookies(cookies: Record<string, unknown> | undefined): Promise<ReleasePreview | null> {
    const value = cookies?.[sectionPreviewCookie];
    if (value === undefined) return null;
    const preview = await this.verify(value);
    return typeof preview === 'string' ? null : preview;
  }

  private async mac(payload: string): Promise<string> {
    // a failed read (the database away) is not kept: the next link tries again
    this.secret ??= cookieSecret(this.config, this.database).then(
      ({ secret }) => secret,
      (error: unknown) => {
        this.secret = null;
        throw error;
      },
    );
    return createHmac('sha256', await this.secret)
      .update(`section-preview:${payload}`)
      .digest('base64url');
  }
}
