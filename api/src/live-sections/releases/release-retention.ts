import { Injectable } from '@nestjs/common';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { previewLinkHours, releaseEntryUrl, releaseRetention } from '@portfolio/contracts/section-releases';
import { LiveConfig } from '../store/live-config.js';
import { ReleaseFiles } from '../store/release-files.js';
import { ReleasesTable } from '../store/releases-table.js';

const dayMs = 86_400_000;

/**
 * Which releases a section keeps (run after each upload): the last `keepLast`, any live in the last
 * `keepLiveDays` days, the live one, and any young enough for its upload's preview link to be open (a
 * preview link the owner makes later ends with the release). The rest go, row and files: a visitor mid-session
 * never meets a missing file. Folders no row stands for go too (ReleaseFiles.sweep).
 */
@Injectable()
export class ReleaseRetention {
  constructor(
    private readonly table: ReleasesTable,
    private readonly files: ReleaseFiles,
    private readonly live: LiveConfig,
  ) {}

  async apply(name: RemoteName, now = Date.now()): Promise<string[]> {
    const [rows, live, periods] = await Promise.all([
      this.table.list(name),
      this.live.current(),
      this.table.periods(name),
    ]);
    const liveSince = now - releaseRetention.keepLiveDays * dayMs;
    const linkOpenSince = now - previewLinkHours * 3_600_000;
    const removed: string[] = [];
    for (const [index, { release, uploadedAt }] of rows.entries()) {
      const url = releaseEntryUrl(name, release.id);
      const kept =
        index < releaseRetention.keepLast ||
        live?.[name] === url ||
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
