import { cpSync, mkdtempSync } from 'node:fs';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { releaseFileListName, remoteByName } from '@portfolio/parts';
import { releaseFileList } from '@portfolio/parts/release-files';
import { ownerSessionCookie } from '@portfolio/contracts/owner';
import { sectionPreviewCookie } from '@portfolio/contracts/section-releases';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { loadConfig } from '../src/config/app-config.js';
import { createApp } from '../src/create-app.js';
import { OwnerSessions } from '../src/owner/owner-sessions.service.js';
import { PreviewOrigin } from '../src/common/preview-origin.js';
import { stopApp } from '../src/shutdown.js';
import { DATABASE, type Database } from '../src/storage/database.js';
import { writeSectionBuild } from './fake-site.js';
import { newStorage, type StorageEnv } from './test-storage.js';

/** A running server on a site folder, with the owner's sessions at hand. */
export interface OwnerSite {
  baseUrl: string;
  /** Nest's application, for what HTTP cannot show (the requests its server receives) */
  nest: NestExpressApplication;
  /** the preview origin's listener (site/preview-origin.ts), as this machine reaches it */
  previewBaseUrl: string;
  storage: StorageEnv;
  /** a new owner session's raw id, as a login would set it in the cookie */
  logIn: () => Promise<string>;
  /** ends a session, as logout does */
  logOut: (sessionId: string) => Promise<void>;
  /** the server's own storage, for what HTTP cannot do to it (make a write fail) */
  database: Database;
  close: () => Promise<void>;
}

/**
 * The real server (as start-app.ts starts it) serving `siteDir`, on the given or fresh storage. Sessions
 * are made by the app's own OwnerSessions, the service the login call uses; the rest is HTTP.
 */
export async function startOwnerSite(
  siteDir: string,
  storage: StorageEnv = newStorage(),
  env: NodeJS.ProcessEnv = {},
): Promise<OwnerSite> {
  const config = loadConfig({
    NODE_ENV: 'test',
    ...storage,
    SERVE_SITE: 'true',
    SITE_DIR: siteDir,
    SECTION_REFRESH_MS: '20',
    ...env,
    PORT: '0',
  });
  const app: NestExpressApplication = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const sessions = app.get(OwnerSessions);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    nest: app,
    previewBaseUrl: `http://127.0.0.1:${app.get(PreviewOrigin).port}`,
    storage,
    logIn: async () => (await sessions.create()).id,
    logOut: (sessionId) => sessions.end(sessionId),
    database: app.get<Database>(DATABASE),
    close: () => stopApp(app),
  };
}

/** A folder served on its own port: another host a section may be moved to. */
export interface FolderServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * `root` served on `port` (a free one when 0). A build folder in it (one holding remoteEntry.js) lists its files
 * as every remote's build does (release-files.json, packages/parts/release-files.mjs), made when asked for unless
 * the folder has its own: stand-in builds can be imported as releases.
 */
export async function serveFolder(root: string, port = 0): Promise<FolderServer> {
  const server = createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(root, path.normalize(urlPath));
    const build = path.dirname(file);
    if (
      path.basename(file) === releaseFileListName &&
      file.startsWith(root) &&
      !existsSync(file) &&
      existsSync(path.join(build, 'remoteEntry.js'))
    ) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(releaseFileList(build)));
      return;
    }
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    // as any static server labels them: a server entry not sent as JavaScript is never run
    const types: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };
    res.writeHead(200, {
      'Access-Control-Allow-Origin': '*',
      'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A copy of a section's built dist/ with a new build in it (`<name>-<build>`), as the owner would deploy
 * it elsewhere; `routeIds` what its `./routes` serves (by default every id the shell needs).
 */
export function candidateBuild(
  siteDir: string,
  name: RemoteName,
  build: string,
  routeIds: readonly string[] = remoteByName(name).routeIds,
  /** its server entry's code (fake-site.ts's writeSectionBuild) */
  serverCode = '',
): string {
  const dist = mkdtempSync(path.join(tmpdir(), `candidate-${name}-`));
  cpSync(path.join(siteDir, remoteByName(name).folder, 'dist'), dist, { recursive: true });
  writeSectionBuild(dist, `${name}-${build}`, routeIds, serverCode);
  return dist;
}

interface Call {
  session?: string;
  /** the preview cookie's value (a signed preview link's text) */
  preview?: string;
  /** the Origin header: the site's own unless told otherwise (null: none) */
  origin?: string | null;
  body?: unknown;
  rawBody?: string;
}

/** One request as a browser of the site would send it; cookies as given. */
export async function call(site: { baseUrl: string }, method: string, urlPath: string, init: Call = {}) {
  const headers: Record<string, string> = {};
  const cookies = [
    init.session ? `${ownerSessionCookie}=${init.session}` : '',
    init.preview ? `${sectionPreviewCookie}=${init.preview}` : '',
  ].filter(Boolean);
  if (cookies.length > 0) headers.Cookie = cookies.join('; ');
  const origin = init.origin === undefined ? site.baseUrl : init.origin;
  if (origin && method !== 'GET') headers.Origin = origin;
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  if (body !== undefined || method === 'POST') headers['Content-Type'] = 'application/json';
  return fetch(`${site.baseUrl}${urlPath}`, { method, headers, body: body ?? (method === 'POST' ? '{}' : undefined) });
}

/**
 * The first answer to a page: the builds it was rendered with (the stand-in render module writes them), and how it
 * may be kept; with a preview (its cookie's value), on the preview origin.
 */
export async function page(site: OwnerSite | { baseUrl: string }, urlPath: string, preview?: string) {
  const origin = preview && 'previewBaseUrl' in site ? { baseUrl: site.previewBaseUrl } : site;
  const response = await call(origin, 'GET', urlPath, { preview });
  const html = await response.text();
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    builds: /<main [^>]*>([^<]*)<\/main>/.exec(html)?.[1] ?? '',
    html,
  };
}

export const previewCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${sectionPreviewCookie}=`));

/**
 * Opens a preview link as a browser would, on this machine's way to the preview origin (the link names the
 * preview origin's public address): the preview cookie's value it sets, and where it sends the browser.
 */
export async function openPreview(site: OwnerSite, previewUrl: string): Promise<{ cookie: string; location: string }> {
  const link = new URL(previewUrl);
  const response = await fetch(`${site.previewBaseUrl}${link.pathname}`, { redirect: 'manual' });
  if (response.status !== 303)
    throw new Error(`the preview link answered ${response.status}: ${await response.text()}`);
  const cookie = new RegExp(`^${sectionPreviewCookie}=([^;]+)`).exec(previewCookieOf(response) ?? '')?.[1];
  if (!cookie) throw new Error('the preview link set no cookie');
  return { cookie, location: response.headers.get('location') ?? '' };
}

export const json = async <T>(response: Response) => (await response.json()) as T;
