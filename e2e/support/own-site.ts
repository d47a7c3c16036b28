import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, remotes, shell } from '@portfolio/parts';
import { previewPortOf } from './ports';
import { repoRoot } from './site-server';

export interface OwnSite {
  url: string;
  /** its preview origin (support/ports.ts) */
  previewUrl: string;
  /** its DATA_DIR (the owner's password, its database) */
  dataDir: string;
  /** what the site's remotes.json says now */
  setRemotes: (config: Record<string, string>) => void;
  stop: () => void;
}

/**
 * A second server of the built site, as `npm start` runs it, with its own copy of the shell's dist/:
 * a test may edit its remotes.json without touching the site the other tests use. It looks for new
 * section builds every 100 ms.
 */
export async function startOwnSite(
  port: number,
  env: Record<string, string> = {},
  /** remotes.json before the first start: URLs elsewhere than the default are followed as edited, never released */
  remotesJson?: Record<string, string>,
): Promise<OwnSite> {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'portfolio-own-site-'));
  cpSync(path.join(repoRoot, shell.folder, 'dist'), path.join(siteDir, shell.folder, 'dist'), {
    recursive: true,
    filter: (file) => !file.endsWith('.map'),
  });
  if (remotesJson)
    writeFileSync(path.join(siteDir, shell.folder, 'dist', 'remotes.json'), JSON.stringify(remotesJson, null, 2));
  for (const { folder } of remotes) {
    mkdirSync(path.join(siteDir, folder));
    symlinkSync(path.join(repoRoot, folder, 'dist'), path.join(siteDir, folder, 'dist'), 'dir');
  }
  const url = `http://127.0.0.1:${port}`;
  const previewPort = previewPortOf(port);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portfolio-own-site-data-'));
  const server = spawn(process.execPath, [...api.nodeFlags, path.join(repoRoot, 'api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'production',
      SITE_DIR: siteDir,
      DATA_DIR: dataDir,
      SITE_URL: url,
      PREVIEW_PORT: String(previewPort),
      SECTION_REFRESH_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  server.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  // never left running: not when this test process ends, nor when the server fails to start
  const stop = () => server.kill();
  process.once('exit', stop);
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (attempt > 450 || server.exitCode !== null) {
        stop();
        throw new Error(`the second site did not start on ${url}: ${errors}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    previewUrl: `http://127.0.0.1:${previewPort}`,
    dataDir,
    setRemotes: (config) =>
      writeFileSync(path.join(siteDir, shell.folder, 'dist', 'remotes.json'), JSON.stringify(config, null, 2)),
    stop,
  };
}

/** A copy of a section's dist/, as one would deploy it to another host. */
export function copyOfBuild(folder: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), `${folder}-copy-`));
  cpSync(path.join(repoRoot, folder, 'dist'), copy, { recursive: true, filter: (file) => !file.endsWith('.map') });
  return copy;
}
