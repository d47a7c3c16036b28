import * as z from 'zod/mini';
import { multiLine, oneLine } from './plain-text.js';
import { remoteNames, type RemoteName } from './remote-routes.js';

/**
 * Section releases and deploy tokens: what the site's API, the owner's area and `npm run release` agree on.
 * A release is one section's whole build (its `dist/`: the browser files at the top, the server build in
 * `server/`), immutable, named by its content hash, served at `/sections/<name>/<id>/`. Errors have the
 * API's one shape (./api-error.ts); a refused release adds its checks.
 *
 * With a deploy token (`Authorization: Bearer <token>`, one section each; no cookie, so no Origin check):
 *   POST /api/sections/:name/releases        body: gzip'd tar of the build, headers below
 *                                             -> 201 ReleaseUploaded | 422 ReleaseRefused | 401 | 403
 *                                             | 400 (a note with a control character) | 408 (the body took
 *                                             longer than RELEASE_BODY_MS) | 413 (over releaseArchiveLimits, or
 *                                             the token's kept releases over releaseUploadLimits) | 429 (more
 *                                             uploads at once than releaseUploadLimits allow)
 *   GET  /api/sections/:name/releases         -> SectionRelease[] (newest first)
 *   POST /api/sections/:name/releases/:id/browser-check   BrowserCheckReport -> SectionRelease
 *                                             (the release command's hydration in Chromium; 422 when it failed;
 *                                             409 once it has failed: a failed browser check is final)
 *   POST /api/sections/:name/releases/:id/promote   -> SectionRelease (403 unless the token may promote;
 *                                             422 ReleaseRefused when the checks, run again, fail)
 * With the owner's session (and the site's own Origin for changes):
 *   GET    /api/owner/deploy-tokens           -> DeployToken[]
 *   POST   /api/owner/deploy-tokens  NewDeployToken -> CreatedDeployToken (the secret, shown once)
 *   DELETE /api/owner/deploy-tokens/:id       -> 204 (404 when unknown)
 *   GET    /api/owner/sections/:name/releases -> SectionRelease[] (newest first)
 *   POST   /api/owner/sections/:name/releases/import  SectionUrlRequest (owner.ts: {url}, the build's
 *                                             remoteEntry.js URL) -> 201 SectionRelease (a new release, uploaded
 *                                             by the owner, history action 'release imported', note "from <url>")
 *                                             | 200 SectionRelease (the same build is a release of this section
 *                                             already) | 422 ReleaseRefused (the URL cannot be fetched, no file
 *                                             list, a file missing or not matching the list, a limit passed, the
 *                                             releaseImportMs time limit passed, or a check failed) | 400 malformed
 *                                             body or URL. The server fetches `releaseFileListName` beside the
 *                                             entry, then every file it lists, from the entry's origin only (a
 *                                             redirect elsewhere is refused), each checked against its size and
 *                                             SHA-256; then the same checks, row, history and retention as an upload.
 *   POST   /api/owner/sections/:name/releases/:id/preview  -> PreviewLink (404 when unknown)
 *   POST   /api/owner/sections/:name/releases/:id/promote  ReleaseNote? -> SectionsOverview (422 ReleaseRefused)
 *   DELETE /api/owner/sections/:name/releases/:id  -> 204: its row, archive, files and preview links are gone
 *                                             (404 when unknown; 409 while it is live or in a running experiment)
 * Anyone with a preview link, on the preview origin (PREVIEW_ORIGIN; another port by default), never the site's:
 *   GET    /sections/preview/:signed          -> 303 to the section's first page, the release previewed in
 *                                                this browser (cookie `section_preview`) until the link expires;
 *                                                on the site's origin, 303 to the same link on the preview origin
 *   GET    /sections/preview/end              -> the preview cookie cleared, 303 to the site
 */

/** Where releases are served: `/sections/<name>/<id>/<file>`, cached for a year (they never change). */
export const releasesBasePath = '/sections';
export const releasePath = (name: RemoteName, id: string): string => `${releasesBasePath}/${name}/${id}/`;
/** The URL a release is live or previewed at: the same kind of URL remotes.json holds. */
export const releaseEntryUrl = (name: RemoteName, id: string): string => `${releasePath(name, id)}remoteEntry.js`;

/** A release id: the first 16 hex digits of the SHA-256 over the archive's files (paths and contents). */
export const releaseIdPattern = /^[0-9a-f]{16}$/;

/** A file of a release: its section, its id and its path inside the release (decoded). */
export interface ReleaseFile {
  name: RemoteName;
  id: string;
  file: string;
}

/**
 * The release file a URL names (`/sections/<name>/<id>/<file>`, the URL root-relative or on any host), or null:
 * another path, a name that is no section's, an id that is not one, no file, or a path that is not valid
 * percent-encoding. The one reader of a release URL; whose URL it is (this server's, or another host's that copies
 * the layout) is the caller's to decide.
 */
export function releaseFileOf(url: string | URL): ReleaseFile | null {
  let pathname: string;
  try {
    pathname = (typeof url === 'string' ? new URL(url, 'http://relative.invalid') : url).pathname;
  } catch {
    return null;
  }
  const [empty, base, segment, id, ...rest] = pathname.split('/');
  const name = remoteNames.find((known) => known === segment);
  if (empty !== '' || `/${base}` !== releasesBasePath || !name || !id || !releaseIdPattern.test(id)) return null;
  try {
    const file = rest.map((part) => decodeURIComponent(part)).join('/');
    return file ? { name, id, file } : null;
  } catch {
    return null;
  }
}

/** The release a URL is a file of (field measurements and experiments are per release), or null. */
export const releaseIdOf = (url: string): string | null => releaseFileOf(url)?.id ?? null;

/** The release whose entry URL (as a promote writes it: `releaseEntryUrl`) is `url`, for section `name`; else null. */
export function releaseOfEntryUrl(name: RemoteName, url: string): string | null {
  const id = releaseFileOf(url)?.id;
  return id && url === releaseEntryUrl(name, id) ? id : null;
}

/** Headers of an upload, all optional: the release's note, and who or what sent it (a CI job, a commit). */
export const releaseNoteHeader = 'X-Release-Note';

/**
 * What an upload may be, enforced as its bytes arrive and are inflated (a bigger or stranger archive is refused
 * as soon as it passes a limit, and what it had written is removed).
 */
export const releaseArchiveLimits = {
  /** the gzip'd tar as sent */
  maxArchiveBytes: 20 * 1024 * 1024,
  /** all files unpacked */
  maxUnpackedBytes: 60 * 1024 * 1024,
  /** entries of the tar, whatever their type: files, folders and any other header */
  maxEntries: 2000,
  /**
   * bytes inflated per byte received, once over 1 MB inflated (a real build: 3 to 4; a gzip bomb: up to 1,032)
   */
  maxInflateRatio: 100,
  /** a file's path in the archive, in characters */
  maxPathLength: 300,
  maxNoteLength: 500,
  /** the build's version (server/manifest.json) */
  maxVersionLength: 100,
} as const;

/**
 * How much one deploy token may hold the site: uploads at once (per token, and on one server for all tokens;
 * more get a 429), and what the releases it uploaded and the site keeps may take on disk, each file counted in
 * whole 4 KB blocks (over it, an upload gets a 413 until the owner deletes some or they age out).
 */
export const releaseUploadLimits = {
  atOncePerToken: 2,
  atOncePerServer: 4,
  keptBytesPerToken: 200 * 1024 * 1024,
  diskBlockBytes: 4096,
} as const;

/** How long an upload's body may take to arrive by default (RELEASE_BODY_MS): a slower one gets a 408. */
export const releaseBodyMs = 60_000;

/**
 * What every remote's build publishes beside its remoteEntry.js (packages/webpack-config writes it once both
 * halves are built): every file of the part's dist/ but the list itself, so that a build at a URL can be
 * imported as a release (`POST /api/owner/sections/:name/releases/import`). Paths are relative to the folder
 * of remoteEntry.js, `/`-separated, under the same rules and limits as an upload's archive entries
 * (`releaseArchiveLimits`: entries, unpacked bytes, path length).
 */
export { releaseFileListName } from '@portfolio/parts';

export interface ReleaseFileList {
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

/**
 * How long an import may take by default, from the list's request to the last file's last byte
 * (RELEASE_IMPORT_MS): a slower one is refused with a 422 that says this limit.
 */
export const releaseImportMs = 60_000;

/** Releases kept per section whatever their age; those live in the last `keepLiveDays` days are kept too. */
export const releaseRetention = { keepLast: 10, keepLiveDays: 30 } as const;

/** How long a preview link opens its release. */
export const previewLinkHours = 24;

/**
 * The preview cookie a preview link sets on the preview origin (signed, httpOnly, Path=/): its pages carry it,
 * scripts never see it, and the site's origin never honours it (a cookie reaches every port of its host).
 */
export const sectionPreviewCookie = 'section_preview';

/** One check of a release, as the API ran it (or the release command, for `browser`). */
export interface ReleaseCheck {
  name: 'archive' | 'routes' | 'shared' | 'server-render' | 'browser';
  /** 'skipped' only for `browser` where no Chromium is available */
  outcome: 'passed' | 'failed' | 'skipped';
  /** one sentence naming the cause ("react ^18.2.0 required, the site has 19.3.1") or what was proved */
  detail: string;
}

/** Who brought a release in: the owner (an import), a deploy token (an upload), or the site (a part's own `dist/` at its first start). */
export type ReleaseUploader = { kind: 'owner' } | { kind: 'site' } | { kind: 'token'; tokenName: string };

export interface SectionRelease {
  section: RemoteName;
  id: string;
  /** the build's own version (from its server manifest) */
  version: string;
  builtAt: string | null;
  uploadedAt: string;
  uploadedBy: ReleaseUploader;
  note: string | null;
  checks: ReleaseCheck[];
  /** what its files take on disk, each in whole 4 KB blocks (its token's quota counts it); 0: not measured */
  diskBytes: number;
  /** every check passed (a skipped browser check does not fail it) */
  ok: boolean;
  /** the URL remotes.json would hold for it */
  entryUrl: string;
  /** live now */
  live: boolean;
  /** when it was live, newest first; `until` null while it still is */
  livePeriods: Array<{ from: string; until: string | null }>;
}

/** A preview link: on the preview origin, signed, for anyone who has it until it expires (`previewLinkHours`). */
export interface PreviewLink {
  previewUrl: string;
  previewExpiresAt: string;
}

export interface ReleaseUploaded extends PreviewLink {
  release: SectionRelease;
}

/** 422 body of a refused release: the API's error shape with the checks that failed. */
export interface ReleaseRefused {
  statusCode: 422;
  message: string;
  checks: ReleaseCheck[];
}

export const browserCheckReportSchema = z.strictObject({
  ok: z.boolean(),
  /** each route visited and what went wrong there (console errors, page errors, failed section loads) */
  routes: z
    .array(
      z.strictObject({
        path: z.string().check(z.maxLength(300), z.regex(oneLine, 'Must be one line without control characters.')),
        errors: z
          .array(z.string().check(z.maxLength(2000), z.regex(multiLine, 'Must not hold control characters.')))
          .check(z.maxLength(20)),
      }),
    )
    .check(z.maxLength(50)),
});
export type BrowserCheckReport = z.infer<typeof browserCheckReportSchema>;

export const releaseNoteSchema = z.strictObject({
  note: z.optional(
    z
      .string()
      .check(
        z.maxLength(releaseArchiveLimits.maxNoteLength, 'Too long.'),
        z.regex(oneLine, 'Must be one line without control characters.'),
      ),
  ),
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;

export interface DeployToken {
  id: number;
  section: RemoteName;
  name: string;
  mayPromote: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export const newDeployTokenSchema = z.strictObject({
  section: z.string().check(z.minLength(1, 'Pick a section.'), z.maxLength(40)),
  name: z
    .string()
    .check(
      z.minLength(1, 'Name the token.'),
      z.maxLength(80, 'Too long.'),
      z.regex(oneLine, 'Must be one line without control characters.'),
    ),
  mayPromote: z.optional(z.boolean()),
});
export type NewDeployToken = z.infer<typeof newDeployTokenSchema>;

export interface CreatedDeployToken {
  token: DeployToken;
  /** shown once: only its hash is stored */
  secret: string;
}

/** What `npm run section:token` and the owner's area say about a token's use. */
export const releaseCommand = (folder: string): string =>
  `SECTION_TOKEN=<token> npm run release -w ${folder} -- --site <URL>`;
