import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import { OwnerSessions } from '../owner/owner-sessions.service.js';
import { DATABASE, type Database } from '../storage/database.js';

/** What one owner previews: a candidate URL per section, over the live ones. */
export type Preview = Partial<RemotesConfig>;

/** 32 random bytes in base64url, as the cookie carries them. */
const previewTokenPattern = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The stored preview, whatever the column holds: only known sections with string URLs. */
function parsePreview(text: string | null | undefined): Preview {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '{}');
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const entries = value as Record<string, unknown>;
  const preview: Preview = {};
  for (const name of remoteNames) {
    const url = entries[name];
    if (typeof url === 'string') preview[name] = url;
  }
  return preview;
}

/**
 * The owner's previews, kept in their session's row (owner_sessions.preview), so that every replica
 * renders them and they end with the session. Page requests find them by the preview cookie's token,
 * stored as its sha256 (preview_token_hash): the cookie alone, without a live session, shows nothing.
 */
@Injectable()
export class OwnerPreviews {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly sessions: OwnerSessions,
  ) {}

  async of(sessionIdHash: string): Promise<Preview> {
    const [row] = await this.database.query<{ preview: string }>(
      'select preview from owner_sessions where id_hash = $1',
      [sessionIdHash],
    );
    return parsePreview(row?.preview);
  }

  /**
   * Previews `url` for `name` in this session; answers a new token for the cookie (the old one stops
   * working) and when the session ends at the latest, which the cookie must not outlive.
   */
  async set(
    sessionIdHash: string,
    name: RemoteName,
    url: string,
  ): Promise<{ token: string; preview: Preview; endsAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const preview = { ...(await this.of(sessionIdHash)), [name]: url };
    const [row] = await this.database.query<{ expires_at: Date }>(
      'update owner_sessions set preview = $2, preview_token_hash = $3 where id_hash = $1 returning expires_at',
      [sessionIdHash, JSON.stringify(preview), hashToken(token)],
    );
    if (!row) throw new UnauthorizedException({ message: 'Your session has ended: log in again.' });
    return { token, preview, endsAt: new Date(row.expires_at) };
  }

  /** Ends the preview of one section; with none left, the token is forgotten too. */
  async drop(sessionIdHash: string, name: RemoteName): Promise<Preview> {
    const { [name]: _dropped, ...preview } = await this.of(sessionIdHash);
    const empty = Object.keys(preview).length === 0;
    await this.database.query(
      `update owner_sessions set preview = $2, preview_token_hash = case when $3::boolean then null else preview_token_hash end
       where id_hash = $1`,
      [sessionIdHash, JSON.stringify(preview), empty],
    );
    return preview;
  }

  /**
   * The preview a page request's cookie stands for, if its session is still live by the sessions' own
   * rule (OwnerSessions.isLive: not idle, not past its end, begun after the password was last set); an
   * unknown, malformed or ended one is no preview at all. It does not keep the session alive.
   */
  async forToken(token: unknown): Promise<Preview | null> {
    if (typeof token !== 'string' || !previewTokenPattern.test(token)) return null;
    const [row] = await this.database.query<{ id_hash: string; preview: string }>(
      'select id_hash, preview from owner_sessions where preview_token_hash = $1',
      [hashToken(token)],
    );
    if (!row || !(await this.sessions.isLive(row.id_hash))) return null;
    const preview = parsePreview(row.preview);
    return Object.keys(preview).length > 0 ? preview : null;
  }
}
