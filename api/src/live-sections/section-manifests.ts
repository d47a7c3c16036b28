import { Inject, Injectable } from '@nestjs/common';
import { serverManifestPath } from '@portfolio/parts';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import type { SectionBuild, SectionState } from '@portfolio/contracts/page-render';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { resolveSectionUrl } from '@portfolio/contracts/section-url';
import { parseServerManifest, type ServerManifest } from './build-manifests.js';
import { fileBesideManifest, serverFetchUrl } from './section-url.js';

/** How long one look-up of a section's server manifest may take, for pages and checks alike. */
export const manifestTimeoutMs = 5000;
/** Section URLs whose builds are remembered: the live ones, previews and checks, with room to spare. */
const knownUrls = 200;

/** A section's build as read from its manifest, with when it was built (the owner's checks show it). */
interface ReadBuild {
  build: SectionBuild;
  builtAt: string | null;
}

interface Known {
  state: SectionState;
  etag: string | null;
}

interface Where {
  name: RemoteName;
  url: string;
  manifestRef: string;
  manifestUrl: string;
}

/** fetch() says "fetch failed" and keeps the reason (refused, timed out, bad port) in its cause. */
export const causeOf = (error: unknown): unknown =>
  error instanceof Error && error.message === 'fetch failed' && error.cause ? error.cause : error;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A manifest URL that answered, but not 2xx. */
class ManifestStatus extends Error {
  constructor(readonly status: number) {
    super(`it answered ${status}`);
  }
}

/** An error's message, with fetch's cause after it ("fetch failed: bad port"). */
function reasonOf(error: unknown): string {
  const cause = causeOf(error);
  return cause === error ? messageOf(error) : `${messageOf(error)}: ${messageOf(cause)}`;
}

/**
 * The build a server manifest describes, its files resolved as the manifest's URL (`manifestRef`) has them; throws
 * when its server entry is not a file beside the manifest (code from elsewhere would not be the build's).
 */
function sectionBuildFrom(name: RemoteName, manifest: ServerManifest, where: Where): SectionBuild {
  const fromManifest = (file: string) => resolveSectionUrl(file, where.manifestRef);
  const serverEntry = fileBesideManifest(manifest.serverEntry, where.manifestUrl);
  if (!serverEntry)
    throw new Error(
      `its server entry (${manifest.serverEntry.slice(0, 80)}) is not a file beside ${serverManifestPath}`,
    );
  return {
    name,
    version: manifest.version,
    browserEntry: fromManifest(manifest.browserEntry),
    serverEntry,
    styles: manifest.styles.map(fromManifest),
  };
}

/** One string per set of section builds: the same builds, the same pages. */
export const buildsSignature = (sections: readonly SectionState[]): string =>
  sections
    .map((section) =>
      'version' in section
        ? `${section.name}@${section.version} ${section.browserEntry}`
        : `${section.name} missing ${section.url}`,
    )
    .join('\n');

/**
 * Which build each section is at, found from its URL: the server manifest beside that URL names the
 * build's version, its server entry and what its pages link to. The one place manifests are fetched.
 * For pages, looked up at most once per SECTION_REFRESH_MS per URL, in the background: a request never
 * waits for a look-up but the very first one. Checks read afresh.
 */
@Injectable()
export class SectionManifests {
  private readonly known: LRUCache<string, Known, Where>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'sectionRefreshMs' | 'sectionOriginsForServer'>,
  ) {
    this.known = new LRUCache<string, Known, Where>({
      max: knownUrls,
      ttl: config.sectionRefreshMs,
      // a stale build is answered while the look-up runs: the stale-while-revalidate of pages
      allowStale: true,
      noDeleteOnStaleGet: true,
      fetchMethod: (_key, stale, { context }) => this.lookUp(context, stale),
      // the clock read at each call (lru-cache keeps the `performance` it found at its import): a test's fake clock
      // then decides when a build is old
      perf: { now: () => performance.now() },
    });
  }

  /**
   * Every section's build for this configuration; root-relative URLs are fetched from `selfOrigin`, and
   * URLs on a browser origin of SECTION_ORIGINS_FOR_SERVER from its server-side origin (pages keep the former).
   */
  async builds(config: RemotesConfig, selfOrigin: string): Promise<SectionState[]> {
    return Promise.all(
      remoteNames.map(async (name) => {
        const where = this.where(name, config[name], selfOrigin);
        const key = `${name} ${where.manifestUrl} ${where.manifestRef}`;
        // a build that could not be read is read again at once when its time is up, not answered stale: the first
        // request after its host came up gets the section, not its "unavailable" (a replica started before the hosts)
        const before = this.known.peek(key, { allowStale: true });
        const known = await this.known.fetch(key, { context: where, allowStale: !before || 'version' in before.state });
        return known?.state ?? { name, url: where.url, error: 'no answer' };
      }),
    );
  }

  /** One section's build read now (the owner's checks); throws a sentence saying what could not be read. */
  async read(name: RemoteName, url: string, selfOrigin: string): Promise<ReadBuild> {
    const where = this.where(name, url, selfOrigin);
    try {
      const answer = await this.fetchManifest(where.manifestUrl, null);
      if (!answer) throw new Error('it answered 304');
      return { build: sectionBuildFrom(name, answer.manifest, where), builtAt: answer.manifest.builtAt };
    } catch (error) {
      const sentence = (messageOf(causeOf(error)).split('\n', 1)[0] ?? '').slice(0, 300);
      throw new Error(`Its server build's manifest (${where.manifestRef}) could not be read: ${sentence}.`);
    }
  }

  /** Where the server fetches `ref` (a section's URL or one beside it). */
  fetchUrl(ref: string, selfOrigin: string): string {
    return serverFetchUrl(ref, selfOrigin, this.config.sectionOriginsForServer);
  }

  private where(name: RemoteName, url: string, selfOrigin: string): Where {
    const manifestRef = resolveSectionUrl(serverManifestPath, url);
    return { name, url, manifestRef, manifestUrl: this.fetchUrl(manifestRef, selfOrigin) };
  }

  /** The manifest, or null when the `etag` still holds (304). */
  private async fetchManifest(
    manifestUrl: string,
    etag: string | null,
  ): Promise<{ manifest: ServerManifest; etag: string | null } | null> {
    const response = await fetch(manifestUrl, {
      headers: etag ? { 'If-None-Match': etag } : {},
      signal: AbortSignal.timeout(manifestTimeoutMs),
    });
    if (response.status === 304 && etag) return null;
    if (!response.ok) {
      await response.body?.cancel();
      throw new ManifestStatus(response.status);
    }
    return { manifest: parseServerManifest(await response.json()), etag: response.headers.get('ETag') };
  }

  private async lookUp(where: Where, stale: Known | undefined): Promise<Known> {
    const { name, url, manifestUrl } = where;
    try {
      const answer = await this.fetchManifest(manifestUrl, stale && 'version' in stale.state ? stale.etag : null);
      if (!answer && stale) return stale;
      if (!answer) throw new Error(`${manifestUrl} answered 304 to a first request`);
      return { state: sectionBuildFrom(name, answer.manifest, where), etag: answer.etag };
    } catch (error) {
      const message = error instanceof ManifestStatus ? `${manifestUrl} answered ${error.status}` : reasonOf(error);
      // said once per new reason: a section that cannot be read makes its pages 503 (fetch refuses some
      // ports outright, e.g. PORT=4190, with only "bad port" as the reason)
      if (!stale || !('error' in stale.state) || stale.state.error !== message)
        console.warn(`Section ${name}: ${manifestUrl} could not be read (${message}); its pages show "unavailable"`);
      return { state: { name, url, error: message }, etag: null };
    }
  }
}
