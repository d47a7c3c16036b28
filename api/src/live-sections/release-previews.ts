import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import {
  previewLinkHours,
  releaseEntryUrl,
  releaseIdPattern,
  sectionPreviewCookie,
  type PreviewLink,
} from '@portfolio/contracts/section-releases';
import { sectionNameOf } from '../common/section-named.js';
import { cookieSecret } from '../captcha/cookie-secret.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE, type Database } from '../storage/database.js';
import { PreviewOrigin } from '../common/preview-origin.js';
import { SectionHistory } from './store/section-history.js';
import { ReleasesTable } from './store/releases-table.js';

/** Where preview links point, on the preview origin: GET /sections/preview/<signed>. */
export const previewLinkPath = '/sections/preview/';
/** Where a preview ends (the banner's link): the preview cookie is cleared, and the browser sent to the site. */
export const previewEndPath = `${previewLinkPath}end`;

/** What a signed preview link (and the cookie it sets) stands for: one section from one of this site's releases. */
export interface ReleasePreview {
  section: RemoteName;
  /** the URL the section comes from in the preview, as remotes.json would hold it (the release's entry URL) */
  url: string;
  /** the release previewed (the preview ends when the release is deleted) */
  releaseId: string;
  expiresAt: Date;
}

/** Why a preview link was not honoured. */
export type PreviewRefusal = 'malformed' | 'forged' | 'expired' | 'gone';

/** Well over a section, a release id and an expiry in base64url, and the signature. */
const maxSignedLength = 500;

/**
 * Preview links: {section, release id, expiry} signed with the site's cookie secret (HMAC-SHA256), so
 * that any replica checks them and nothing is stored. The link's text is also the cookie's value (httpOnly)
 * on the preview origin, so a page request there carries the same proof until the link expires. A release's
 * preview ends with the release: a link to a deleted one is `gone`.
 */
@Injectable()
export class ReleasePreviews {
  private secret: Promise<string> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly table: ReleasesTable,
    private readonly previewOrigin: PreviewOrigin,
    private readonly history: SectionHistory,
  ) {}

  /**
   * A preview link to a release (an upload's answer, the owner's Preview), on the preview origin, recorded in the
   * section's history as made `by`.
   */
  async link(section: RemoteName, release: string, by: string): Promise<PreviewLink> {
    const { signed, expiresAt } = await this.sign(section, release);
    await this.history.recordPreview(section, releaseEntryUrl(section, release), expiresAt, by);
    return {
      previewUrl: `${this.previewOrigin.url}${previewLinkPath}${signed}`,
      previewExpiresAt: expiresAt.toISOString(),
    };
  }

  private async sign(
    section: RemoteName,
    release: string,
    now = Date.now(),
  ): Promise<{ signed: string; expiresAt: Date }> {
    const expiresAt = new Date(now + previewLinkHours * 3_600_000);
    const payload = Buffer.from(JSON.stringify({ s: section, i: release, e: expiresAt.getTime() })).toString(
      'base64url',
    );
    return { signed: `${payload}.${await this.mac(payload)}`, expiresAt };
  }

  /** The preview a link or cookie names, or why not; a release's preview only while the site keeps the release. */
  async open(signed: unknown): Promise<ReleasePreview | PreviewRefusal> {
    const preview = await this.verify(signed);
    if (typeof preview === 'string') return preview;
    return (await this.table.find(preview.section, preview.releaseId)) ? preview : 'gone';
  }

  /** The preview a page request on the preview origin carries (its cookie), or null. */
  async forCookies(cookies: Record<string, unknown> | undefined): Promise<ReleasePreview | null> {
    const value = cookies?.[sectionPreviewCookie];
    if (value === undefined) return null;
    const preview = await this.open(value);
    return typeof preview === 'string' ? null : preview;
  }

  private async verify(signed: unknown): Promise<ReleasePreview | PreviewRefusal> {
    if (typeof signed !== 'string' || signed.length > maxSignedLength) return 'malformed';
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
    const section = sectionNameOf(fields.s);
    if (!section || typeof fields.e !== 'number') return 'malformed';
    const releaseId = typeof fields.i === 'string' && releaseIdPattern.test(fields.i) ? fields.i : null;
    if (!releaseId) return 'malformed';
    if (fields.e <= Date.now()) return 'expired';
    return { section, url: releaseEntryUrl(section, releaseId), releaseId, expiresAt: new Date(fields.e) };
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
