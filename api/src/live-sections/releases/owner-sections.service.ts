import { ConflictException, Injectable } from '@nestjs/common';
import type { SectionHealth, SectionOverview, SectionsOverview } from '@portfolio/contracts/owner';
import { remoteNames, sectionLabel, type RemoteName } from '@portfolio/contracts/remote-routes';
import { releaseOfEntryUrl } from '@portfolio/contracts/section-releases';
import { LiveConfig } from '../store/live-config.js';
import { SectionHealthChecks } from './section-health.js';
import { byOwner, SectionHistory } from '../store/section-history.js';
import { ReleasesTable } from '../store/releases-table.js';
import { SectionReleases } from './section-releases.service.js';

/** The health of a section without a live URL at all. */
const noUrlHealth = (): SectionHealth => ({
  url: '',
  ok: false,
  entryAnswers: false,
  routeIds: null,
  missingRouteIds: [],
  version: null,
  builtAt: null,
  problems: ['It has no live URL: remotes.json is missing, unreadable or has none for it.'],
});

/**
 * The owner's sections: what is live and how healthy, and the roll back to the release live before the current one
 * (a promote of it, with its checks run again). Every other change is a release's (SectionReleases).
 */
@Injectable()
export class OwnerSectionsService {
  constructor(
    private readonly live: LiveConfig,
    private readonly health: SectionHealthChecks,
    private readonly history: SectionHistory,
    private readonly table: ReleasesTable,
    private readonly releases: SectionReleases,
  ) {}

  async overview(selfOrigin: string): Promise<SectionsOverview> {
    const live = await this.live.current();
    const [healths, history] = await Promise.all([
      live ? this.health.checkLive(live, selfOrigin) : null,
      this.history.recent(),
    ]);
    const sections = await Promise.all(
      remoteNames.map(async (name): Promise<SectionOverview> => {
        const previousReleaseId = live ? await this.previousRelease(name, live[name]) : null;
        return {
          name,
          label: sectionLabel(name),
          liveUrl: live?.[name] ?? '',
          liveHealth: healths?.[name] ?? noUrlHealth(),
          previousReleaseId,
          liveReleaseId: live ? releaseOfEntryUrl(name, live[name]) : null,
        };
      }),
    );
    return { sections, history, storage: this.live.storage };
  }

  /** Promotes the release live before the current one (checked again, recorded as a roll back); 409 when none. */
  async rollBack(name: RemoteName, selfOrigin: string): Promise<void> {
    const live = await this.live.current();
    const previous = live ? await this.previousRelease(name, live[name]) : null;
    if (!previous)
      throw new ConflictException({
        message: `There is nothing to roll back to: no release of the ${name} section this site keeps was live before the current one.`,
      });
    await this.releases.promote(name, previous, selfOrigin, byOwner);
  }

  /**
   * The release that was live before the latest promote or roll back made `liveUrl` live, while this site still
   * keeps it; null when none (a first release, a build moved by hand, or one that is not a release of this site).
   */
  private async previousRelease(name: RemoteName, liveUrl: string): Promise<string | null> {
    const url = await this.history.previousUrl(name, liveUrl);
    const id = url ? releaseOfEntryUrl(name, url) : null;
    return id && (await this.table.find(name, id)) ? id : null;
  }
}
