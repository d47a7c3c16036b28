import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** A response ready to send: the body as sent, and gzipped for clients that take it. */
export interface SitePage {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  gzipped: Buffer | null;
  etag: string;
  /** Set-Cookie values sent with it (a visitor's experiment assignment): never part of a kept page */
  cookies?: readonly string[];
}

/** A CDN may keep a page briefly and serve it while it fetches a fresh one; browsers always ask again. */
const pageCacheControl = (status: number) =>
  status >= 500 ? 'no-store' : 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/**
 * The bytes in a buffer of their own. A kept page must not hold a slice of a larger buffer, whose whole the page
 * cache does not count: Node's buffer pool (64 KB, for buffers up to 32 KB), gzipSync's 64 KB output buffer.
 * Before, 500 kept pages held 40 MB of buffers where the cache counted 16.
 */
function ownBuffer(bytes: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

export function sitePage(
  status: number,
  contentType: string,
  text: string,
  extra: Record<string, string> = {},
): SitePage {
  const body = ownBuffer(Buffer.from(text));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    status,
    headers: { 'Content-Type': contentType, 'Cache-Control': pageCacheControl(status), ETag: etag, ...extra },
    body,
    gzipped: body.length > 1024 ? ownBuffer(gzipSync(body)) : null,
    etag,
  };
}

/** The bytes a kept page holds: both bodies, and the headers and key beside them. */
export const pageBytes = (page: SitePage, key: string): number =>
  page.body.length + (page.gzipped?.length ?? 0) + key.length + 512;
