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

export const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'portfolio-api-'));

/** The real server on a free port with its own data folder (or a given one, to restart on it): tests speak HTTP to it. */
export async function startApp(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  const config = loadConfig({ DATA_DIR: newDataDir(), SERVE_SITE: 'false', ...env, PORT: '0' });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, config, close: () => app.close() };
}
