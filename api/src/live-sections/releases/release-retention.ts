import { Inject, Injectable } from '@nestjs/common';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { previewLinkHours, releaseEntryUrl, releaseRetention } from '@portfolio/contracts/section-releases';
import { DATABASE, type Database } from '../../storage/database.js';
import { LiveConfig } from '../live-config.js';
import { ReleaseFiles } from './release-files.js';
import { ReleasesTable } from './releases-table.js';

const dayMs = 86_400_000;

/**
 * Which releases a section keeps (run after each upload): the last `keepLast`, any live in the last
 * `keepLiveDays` days, the live one, any an owner previews, and any young enough for its preview link
 * to be open. The rest go, row and files: a visitor mid-session never meets a missing file. Folders no row
 * stands for go too (ReleaseFiles.sweep).
 */
@Injectable()
export class ReleaseRetention {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly table: ReleasesTable,
    private readonly files: ReleaseFiles,
    private readonly live: LiveConfig,
  ) {}

  async apply(name: RemoteName, now = Date.now()): Promise<string[]> {
    const [rows, live, periods, previews] = await Promise.all([
      this.table.list(name),
      this.live.current(),
      this.table.periods(name),
      this.database.query<{ preview: string }>("select preview from owner_sessions where preview <> '{}'"),
    ]);
    const previewed = new Set(
      previews.flatMap((row) => {
        try {
          return Object.values(JSON.parse(row.preview) as Record<string, unknown>);
        } catch {
          return [];
        }
      }),
    );
    const liveSince = now - releaseRetention.keepLiveDays * dayMs;
    const linkOpenSince = now - previewLinkHours * 3_600_000;
    const removed: string[] = [];
    for (const [index, { release, uploadedAt }] of rows.entries()) {
      const url = releaseEntryUrl(name, release.id);
      const kept =
        index < releaseRetention.keepLast ||
        live?.[name] === url ||
        previewed.has(url) ||
        Date.parse(uploadedAt) >= linkOpenSince ||
        (periods.get(url) ?? []).some((period) => period.until === null || Date.parse(period.until) >= liveSince);
      if (kept) continue;
      await this.table.remove(name, release.id);
      await this.files.remove(name, release.id);
      removed.push(release.id);
    }
    // and what a failed upload or a stopped process left behind, with no row
    await this.files.sweep(now);
    return removed;
  }
}
