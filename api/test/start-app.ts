import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, type AppConfig } from '../src/config/app-config.js';
import { createApp } from '../src/create-app.js';

export interface RunningApp {
  baseUrl: string;
  config: AppConfig;
  close: () => Promise<void>;
}

/** The real server on a free port with its own data folder: tests speak HTTP to it like a browser would. */
export async function startApp(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portfolio-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, SERVE_SITE: 'false', ...env, PORT: '0' });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, config, close: () => app.close() };
}
