/**
 * A file a manifest names (its server entry), resolved beside the manifest: null when it is not in the manifest's
 * folder or below it (another host, a scheme-relative `//host/x.js`, an absolute path, `..` out of the folder,
 * backslashes that a URL reads as slashes) or carries a query or fragment. A build's code is its own files.
 */
export function fileBesideManifest(ref: string, manifestUrl: string): string | null {
  const folder = new URL('./', manifestUrl);
  let url: URL;
  try {
    url = new URL(ref, folder);
  } catch {
    return null;
  }
  const inFolder = url.origin === folder.origin && url.pathname.startsWith(folder.pathname);
  return inFolder && url.pathname !== folder.pathname && !url.search && !url.hash ? url.href : null;
}

/** A browser origin of sections, and the origin the server reaches the same files at (SECTION_ORIGINS_FOR_SERVER). */
type SectionOriginsForServer = Readonly<Record<string, string>>;

/**
 * Where the server fetches a section's URL: a root-relative one from the server itself (`selfOrigin`), one on
 * a browser origin that `originsForServer` maps from the server's own way to that host, the rest as given.
 */
export function serverFetchUrl(ref: string, selfOrigin: string, originsForServer: SectionOriginsForServer): string {
  const url = new URL(ref, selfOrigin);
  const serverOrigin = Object.hasOwn(originsForServer, url.origin) ? originsForServer[url.origin] : undefined;
  // joined as text: a path starting with // must stay a path on serverOrigin
  return serverOrigin ? new URL(`${serverOrigin}${url.pathname}${url.search}`).href : url.href;
}
