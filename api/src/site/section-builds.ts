import { serverManifestPath } from '@portfolio/parts';
import { remoteNames, type RemoteName, type RemotesConfig } from '@portfolio/contracts/remote-routes';
import type { SectionBuild, SectionState } from '@portfolio/contracts/page-render';
import { resolveSectionUrl, serverFetchUrl, type SectionOriginsForServer } from './section-url.js';

/** A section's server/manifest.json, as its build writes it (paths relative to the manifest). */
export interface ServerManifest {
  version: string;
  /** when it was built (builds since the owner's area; older ones have none) */
  builtAt?: string;
  serverEntry: string;
  browserEntry: string;
  styles: string[];
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function checkManifest(value: unknown): ServerManifest {
  const manifest = value as Partial<ServerManifest> | null;
  if (
    typeof manifest?.version !== 'string' ||
    typeof manifest.serverEntry !== 'string' ||
    typeof manifest.browserEntry !== 'string' ||
    !isStringList(manifest.styles)
  ) {
    throw new Error(`${serverManifestPath} is not a section's server manifest`);
  }
  return manifest as ServerManifest;
}

interface Known {
  state: SectionState;
  checkedAt: number;
  etag: string | null;
  checking: Promise<void> | null;
}

export interface SectionBuildsOptions {
  /** how old a section's known build may be before it is looked up again (in the background) */
  refreshMs: number;
  /** how long one look-up may take */
  timeoutMs?: number;
  /** browser origins the server reaches at other origins (SECTION_ORIGINS_FOR_SERVER) */
  originsForServer?: SectionOriginsForServer;
  now?: () => number;
}

/**
 * Which build each section is at, found from its URL in remotes.json: the server manifest beside that
 * URL names the build's version, its server entry and what its pages link to. Looked up at most once
 * per `refreshMs` per URL; a request never waits for a look-up but the very first one.
 */
export class SectionBuilds {
  private readonly known = new Map<string, Known>();

  constructor(private readonly options: SectionBuildsOptions) {}

  /**
   * Every section's build for this remotes.json; root-relative URLs are fetched from `selfOrigin`, and
   * URLs on a browser origin of `originsForServer` from its server-side origin (the pages keep the former).
   */
  async current(config: RemotesConfig, selfOrigin: string): Promise<SectionState[]> {
    return Promise.all(remoteNames.map((name) => this.section(name, config[name], selfOrigin)));
  }

  private async section(name: RemoteName, url: string, selfOrigin: string): Promise<SectionState> {
    const manifestRef = resolveSectionUrl(serverManifestPath, url);
    const manifestUrl = serverFetchUrl(manifestRef, selfOrigin, this.options.originsForServer ?? {});
    const key = `${name} ${manifestUrl} ${manifestRef}`;
    const now = (this.options.now ?? Date.now)();
    let known = this.known.get(key);
    if (!known) {
      known = { state: { name, url, error: 'not looked up yet' }, checkedAt: -Infinity, etag: null, checking: null };
      this.known.set(key, known);
    }
    if (now - known.checkedAt >= this.options.refreshMs && !known.checking) {
      const entry = known;
      entry.checking = this.lookUp(entry, name, url, manifestRef, manifestUrl).finally(() => {
        entry.checkedAt = (this.options.now ?? Date.now)();
        entry.checking = null;
      });
    }
    if (known.checkedAt === -Infinity && known.checking) await known.checking;
    return known.state;
  }

  private async lookUp(known: Known, name: RemoteName, url: string, manifestRef: string, manifestUrl: string) {
    try {
      const response = await fetch(manifestUrl, {
        headers: known.etag ? { 'If-None-Match': known.etag } : {},
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (response.status === 304 && 'version' in known.state) return;
      if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
      known.state = sectionBuildFrom(name, checkManifest(await response.json()), manifestRef, manifestUrl);
      known.etag = response.headers.get('ETag');
    } catch (error) {
      const message = reasonOf(error);
      // said once per new reason: a section that cannot be read makes its pages 503 (fetch refuses some
      // ports outright, e.g. PORT=4190, with only "bad port" as the reason)
      if (!('error' in known.state) || known.state.error !== message)
        console.warn(`Section ${name}: ${manifestUrl} could not be read (${message}); its pages show "unavailable"`);
      known.state = { name, url, error: message };
      known.etag = null;
    }
  }
}

/** fetch() says "fetch failed" and keeps the reason (refused, timed out, bad port) in its cause. */
export const causeOf = (error: unknown): unknown =>
  error instanceof Error && error.message === 'fetch failed' && error.cause ? error.cause : error;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An error's message, with fetch's cause after it ("fetch failed: bad port"). */
function reasonOf(error: unknown): string {
  const cause = causeOf(error);
  return cause === error ? messageOf(error) : `${messageOf(error)}: ${messageOf(cause)}`;
}

/** The build a server manifest describes, its files resolved as the manifest's URL (`manifestRef`) has them. */
export function sectionBuildFrom(
  name: RemoteName,
  manifest: ServerManifest,
  manifestRef: string,
  manifestUrl: string,
): SectionBuild {
  const fromManifest = (file: string) => resolveSectionUrl(file, manifestRef);
  return {
    name,
    version: manifest.version,
    browserEntry: fromManifest(manifest.browserEntry),
    serverEntry: new URL(manifest.serverEntry, manifestUrl).href,
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
