import { Injectable } from '@nestjs/common';
import { remoteByName } from '@portfolio/parts';
import type { SectionHealth } from '@portfolio/contracts/owner';
import type { SectionBuild } from '@portfolio/contracts/page-render';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import { LRUCache } from 'lru-cache';
import { SectionManifests, sentenceOf } from '../renderers/section-manifests.js';
import { SectionRenderers } from '../renderers/section-renderers.js';

/** The live sections' health on the owner's page is looked at again after this long. */
const liveHealthMs = 5000;

interface Reached {
  name: RemoteName;
  url: string;
  entryAnswers: boolean;
  build: SectionBuild | null;
  builtAt: string | null;
  problems: string[];
}

const routeIdsKey = (build: SectionBuild) => `${build.name}\n${build.version}\n${build.serverEntry}`;

/**
 * How the live sections are: each one's entry answers, the server manifest beside it can be read
 * (version, build time), and its `./routes`, loaded in a renderer as pages load it, serves every
 * route id the shell needs (packages/parts). A URL that does not answer is a failed check, never an error.
 */
@Injectable()
export class SectionHealthChecks {
  /** route ids of builds already probed: a build's version changes with its files */
  private readonly knownRouteIds = new LRUCache<string, string[]>({ max: 200 });
  private readonly live = new LRUCache<string, Promise<SectionHealth>>({ max: 100, ttl: liveHealthMs });

  constructor(
    private readonly manifests: SectionManifests,
    private readonly renderers: SectionRenderers,
  ) {}

  /** A fresh check of one URL (site-relative URLs are this server's, `selfOrigin`). */
  private async check(name: RemoteName, url: string, selfOrigin: string): Promise<SectionHealth> {
    const [health] = await this.checkAll([{ name, url }], selfOrigin);
    if (!health) throw new Error('a check answered nothing');
    return health;
  }

  /** The live sections' health, kept a few seconds: the owner's page asks for it often. */
  async checkLive(config: RemotesConfig, selfOrigin: string): Promise<Record<RemoteName, SectionHealth>> {
    const key = (name: RemoteName) => `${name} ${config[name]}`;
    const stale = remoteNames.filter((name) => !this.live.has(key(name)));
    if (stale.length > 0) {
      const checking = this.checkAll(
        stale.map((name) => ({ name, url: config[name] })),
        selfOrigin,
      );
      stale.forEach((name, index) =>
        this.live.set(
          key(name),
          checking.then((all) => all[index] ?? Promise.reject(new Error('a check answered nothing'))),
        ),
      );
    }
    const healths = await Promise.all(
      remoteNames.map((name) => this.live.get(key(name)) ?? this.check(name, config[name], selfOrigin)),
    );
    return Object.fromEntries(remoteNames.map((name, index) => [name, healths[index]])) as Record<
      RemoteName,
      SectionHealth
    >;
  }

  private async checkAll(
    candidates: ReadonlyArray<{ name: RemoteName; url: string }>,
    selfOrigin: string,
  ): Promise<SectionHealth[]> {
    const reached = await Promise.all(candidates.map(({ name, url }) => this.reach(name, url, selfOrigin)));
    const toProbe = reached.flatMap((section) =>
      section.build && !this.knownRouteIds.has(routeIdsKey(section.build)) ? [section.build] : [],
    );
    const probed = toProbe.length > 0 ? await this.renderers.routeIds(toProbe) : {};
    return reached.map((section) => {
      const { build, problems } = section;
      let routeIds: string[] | null = null;
      if (build) {
        const key = routeIdsKey(build);
        const found = probed[build.name];
        if (found && 'routeIds' in found && toProbe.includes(build)) this.knownRouteIds.set(key, found.routeIds);
        routeIds = this.knownRouteIds.get(key) ?? null;
        if (!routeIds)
          problems.push(
            `Its ./routes could not be loaded on the server: ${found && 'error' in found ? sentenceOf(found.error) : 'no answer'}.`,
          );
      }
      const missingRouteIds = routeIds
        ? remoteByName(section.name).routeIds.filter((routeId) => !routeIds.includes(routeId))
        : [];
      if (missingRouteIds.length > 0)
        problems.push(`Its ./routes does not serve the route ids the shell needs: ${missingRouteIds.join(', ')}.`);
      return {
        url: section.url,
        ok: problems.length === 0,
        entryAnswers: section.entryAnswers,
        routeIds,
        missingRouteIds,
        version: build?.version ?? null,
        builtAt: section.builtAt,
        problems,
      };
    });
  }

  /** The entry, and the server manifest beside it, read as pages read them (a release's from the store). */
  private async reach(name: RemoteName, url: string, selfOrigin: string): Promise<Reached> {
    const reached: Reached = { name, url, entryAnswers: false, build: null, builtAt: null, problems: [] };
    const entryProblem = await this.manifests.entryProblem(url, selfOrigin);
    reached.entryAnswers = entryProblem === null;
    if (entryProblem) reached.problems.push(entryProblem);
    try {
      const { build, builtAt } = await this.manifests.read(name, url, selfOrigin);
      reached.build = build;
      reached.builtAt = builtAt;
    } catch (error) {
      reached.problems.push(error instanceof Error ? error.message : String(error));
    }
    return reached;
  }
}
