import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@portfolio/contracts/remote-routes';

/**
 * Moves one section in remotes.json: the file read as it is now (a hand edit included, other keys kept),
 * written to a temporary file beside it and renamed over it, so a reader sees the old file or the new
 * one and never half of either.
 */
export function writeSectionUrl(filePath: string, name: RemoteName, url: string): void {
  let entries: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(filePath, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      entries = parsed as Record<string, unknown>;
  } catch {
    // missing or unreadable: the section's URL is written into a fresh file
  }
  const temporary = path.join(
    path.dirname(filePath),
    `.${path.basename(filePath)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    writeFileSync(temporary, `${JSON.stringify({ ...entries, [name]: url }, null, 2)}\n`);
    renameSync(temporary, filePath);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
