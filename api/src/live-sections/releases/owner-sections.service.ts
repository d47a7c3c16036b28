import { ConflictException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { SectionHealth, SectionOverview, SectionsOverview } from '@portfolio/contracts/owner';
import { remoteNames, sectionLabel, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import { releaseOfEntryUrl } from '@portfolio/contracts/section-releases';
import { LiveConfig } from '../store/live-config.js';
import { SectionHealthChecks } from './section-health.js';
import { byOwner, SectionHistory } from '../store/section-history.js';

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
 * The owner's sections: what is live and how healthy, and the changes that
 * make a URL live for everyone (promote, after a check; roll back, to the URL live before), each recorded.
 */
@Injectable()
export class OwnerSectionsService {
  constructor(
    private readonly live: LiveConfig,
    private readonly health: SectionHealthChecks,
    private readonly history: SectionHistory,
  ) {}

  async overview(selfOrigin: string): Promise<SectionsOverview> {
    const live = await this.live.current();
    const [healths, history] = await Promise.all([
      live ? this.health.checkLive(live, selfOrigin) : null,
      this.history.recent(),
    ]);
    const sections = await Promise.all(
      remoteNames.map(async (name): Promise<SectionOverview> => ({
        name,
        label: sectionLabel(name),
        liveUrl: live?.[name] ?? '',
        liveHealth: healths?.[name] ?? noUrlHealth(),
        previousUrl: live ? await this.history.previousUrl(name, live[name]) : null,
        liveReleaseId: live ? releaseOfEntryUrl(name, live[name]) : null,
      })),
    );
    return { sections, history, storage: this.live.storage };
  }

  check(name: RemoteName, url: string, selfOrigin: string): Promise<SectionHealth> {
    return this.health.check(name, url, selfOrigin);
  }

  /** Live for every visitor at once, once the URL passes its check. */
  async promote(name: RemoteName, url: string, selfOrigin: string): Promise<void> {
    const live = await this.live.current();
    if (live?.[name] === url)
      throw new ConflictException({ message: `That URL is live for the ${name} section already.` });
    const health = await this.health.check(name, url, selfOrigin);
    if (!health.ok) {
      const problems = health.problems.join(' ');
      throw new UnprocessableEntityException({
        message: `This URL cannot go live: ${problems}`,
        fields: { url: problems },
      });
    }
    await this.live.set(name, url, (tx, from) =>
      this.history.record(tx, { section: name, action: 'promote', from, to: url, by: byOwner }),
    );
  }

  /** Back to the URL that was live before the current one went live; 409 when nothing says which. */
  async rollBack(name: RemoteName): Promise<void> {
    const live: RemotesConfig | null = await this.live.current();
    const previous = live ? await this.history.previousUrl(name, live[name]) : null;
    if (!previous)
      throw new ConflictException({
        message: `There is nothing to roll back to: no promote or roll back made the ${name} section's live URL live.`,
      });
    await this.live.set(name, previous, (tx, from) =>
      this.history.record(tx, { section: name, action: 'roll back', from, to: previous, by: byOwner }),
    );
  }
}
