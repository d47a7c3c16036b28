// Serves the production build the way `npm start` does, on a given port with a throw-away data
// folder, for the scripts that measure or photograph the site.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import flags from '../e2e/support/chromium-flags.json' with { type: 'json' };
import { sitemapPaths } from '../e2e/support/server-rendered.mjs';
import { api } from '../packages/parts/parts.mjs';
import { repoRoot } from './parts.mjs';

/**
 * A port nothing listens on: `port` if it is free (else an error), or one the system picks. Never a fixed default:
 * two engineers' runs would meet there, and the second one's server, unable to listen, would leave its probe to the
 * first one's site, measured in its place without a word.
 * @param {number} [port]
 */
async function freePort(port = 0) {
  const probe = net.createServer();
  await new Promise((resolve, reject) => {
    probe.once('error', (error) => reject(new Error(`port ${port} is taken (${error.code}): give another or none`)));
    probe.listen(port, '127.0.0.1', resolve);
  });
  const { port: free } = /** @type {net.AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

/** @param {number} [wantedPort] a port of the caller's choice (its script's *_PORT variable); a free one without */
export async function serveBuild(wantedPort) {
  const port = await freePort(wantedPort);
  const origin = `http://127.0.0.1:${port}`;
  // with the Node flags `npm start` gives it (packages/parts)
  const server = spawn(process.execPath, [...api.nodeFlags, path.join(repoRoot, 'api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      // previews are nobody's measure: on a free port, so that two measuring scripts never meet there
      PREVIEW_PORT: '0',
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portfolio-')),
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      if (attempt > 600) {
        server.kill();
        throw new Error(`the built site did not start on ${origin} (run npm run build first)`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // each page asked once: the first answers wait for the renderers starting with the server, so what is measured
  // or photographed is the page visitors get once it has started (rendered ahead, kept)
  for (const pagePath of await sitemapPaths(origin)) await (await fetch(`${origin}${pagePath}`)).arrayBuffer();
  return { origin, stop: () => server.kill() };
}

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? flags.executablePath, args: flags.args });
}
