import { readFile } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { serverManifestPath } from '@portfolio/parts';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import type { SectionBuild, SectionState } from '@portfolio/contracts/page-render';
import { releaseFileOf, type ReleaseFile } from '@portfolio/contracts/section-releases';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { resolveSectionUrl } from '@portfolio/contracts/section-url';
import { parseServerManifest, serverManifestOfText, type ServerManifest } from '../store/build-manifests.js';
import { ReleaseFiles } from '../store/release-files.js';
import { fileBesideManifest, serverFetchUrl } from './section-url.js';

/** How long one look-up of a section's server manifest on another host may take, for pages and checks alike. */
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
  /**
   * the manifest is on this server's own origin: the file of a release it names, read from the store (never over
   * HTTP), or null when it names none (the server serves no other section build)
   */
  own: { release: ReleaseFile | null } | null;
}

/** fetch() says "fetch failed" and keeps the reason (refused, timed out, bad port) in its cause. */
export const causeOf = (error: unknown): unknown =>
  error instanceof Error && error.message === 'fetch failed' && error.cause ? error.cause : error;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An error in one line, not a stack, at most 300 characters: what the owner reads. */
export const sentenceOf = (error: unknown): string => (messageOf(error).split('\n', 1)[0] ?? '').slice(0, 300);

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
 * build's version, its server entry and what its pages link to. The one place manifests are read: a release of
 * this site (a URL under /sections/ on the server's own origin, as the live configuration names releases) from the
 * release store, a build on another host over HTTP (its only request on a page's path).
 * For pages, looked up at most once per SECTION_REFRESH_MS per URL, in the background: a request never
 * waits for a look-up but the very first one. Checks read afresh.
 */
@Injectable()
export class SectionManifests {
  private readonly known: LRUCache<string, Known, Where>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'sectionRefreshMs' | 'sectionOriginsForServer'>,
    private readonly releases: ReleaseFiles,
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
   * Every section's build for this configuration; root-relative URLs are this server's (`selfOrigin`: a release is
   * read from the store, any other path there names no build), and URLs on a browser origin of
   * SECTION_ORIGINS_FOR_SERVER are fetched from its server-side origin (pages keep the former).
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
      const answer = await this.manifestOf(where, null);
      if (!answer) throw new Error('it answered 304');
      return { build: sectionBuildFrom(name, answer.manifest, where), builtAt: answer.manifest.builtAt };
    } catch (error) {
      throw new Error(
        `Its server build's manifest (${where.manifestRef}) could not be read: ${sentenceOf(causeOf(error))}.`,
      );
    }
  }

  /**
   * Whether a section's entry (its URL) is there, as a problem sentence or null: a release's file in the store, a
   * file on another host answering 2xx.
   */
  async entryProblem(url: string, selfOrigin: string): Promise<string | null> {
    const fetchUrl = serverFetchUrl(url, selfOrigin, this.config.sectionOriginsForServer);
    const own = this.ownFile(fetchUrl, selfOrigin);
    if (own)
      return own.release && (await this.releases.file(own.release.name, own.release.id, own.release.file))
        ? null
        : 'Its entry is not a file of a release this site keeps.';
    try {
      const response = await fetch(fetchUrl, { signal: AbortSignal.timeout(manifestTimeoutMs) });
      await response.body?.cancel();
      return response.ok ? null : `Its entry answered ${response.status}.`;
    } catch (error) {
      return `Its entry could not be reached: ${sentenceOf(causeOf(error))}.`;
    }
  }

  /**
   * A URL on this server's own origin, with the release file it names (null: none); null for another host's URL.
   * This server serves no section build but its releases: it never asks itself over HTTP.
   */
  private ownFile(fetchUrl: string, selfOrigin: string): { release: ReleaseFile | null } | null {
    const url = new URL(fetchUrl);
    return url.origin === new URL(selfOrigin).origin ? { release: releaseFileOf(url) } : null;
  }

  private where(name: RemoteName, url: string, selfOrigin: string): Where {
    const manifestRef = resolveSectionUrl(serverManifestPath, url);
    const manifestUrl = serverFetchUrl(manifestRef, selfOrigin, this.config.sectionOriginsForServer);
    return { name, url, manifestRef, manifestUrl, own: this.ownFile(manifestUrl, selfOrigin) };
  }

  /** The manifest, or null when the `etag` still holds (304): a release's from the store, another host's over HTTP. */
  private async manifestOf(
    where: Where,
    etag: string | null,
  ): Promise<{ manifest: ServerManifest; etag: string | null } | null> {
    if (where.own) return { manifest: await this.releaseManifest(where.own.release), etag: null };
    const response = await fetch(where.manifestUrl, {
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

  /** A release's server manifest, read from its files in the store (a release never changes: no ETag to keep). */
  private async releaseManifest(release: ReleaseFile | null): Promise<ServerManifest> {
    const found = release && (await this.releases.file(release.name, release.id, release.file));
    if (!found) throw new Error('it is not a file of a release this site keeps');
    return serverManifestOfText(await readFile(found.path, 'utf8'));
  }

  private async lookUp(where: Where, stale: Known | undefined): Promise<Known> {
    const { name, url, manifestUrl } = where;
    try {
      const answer = await this.manifestOf(where, stale && 'version' in stale.state ? stale.etag : null);
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
