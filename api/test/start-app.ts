import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig, type AppConfig } from '../src/config/app-config.js';
import { createApp } from '../src/create-app.js';
import { stopApp } from '../src/shutdown.js';
import { newStorage } from './test-storage.js';

export interface RunningApp {
  baseUrl: string;
  config: AppConfig;
  /** Nest's application, for what HTTP cannot do to it (close its database under it) */
  nest: NestExpressApplication;
  /** Stops it as SIGTERM does. */
  close: () => Promise<void>;
}

/**
 * The real server on a free port with fresh storage (or the given DATA_DIR/DATABASE_URL, to restart on
 * it or to run a second replica on it): tests speak HTTP to it.
 */
export async function startApp(env: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  const storage = env.DATA_DIR || env.DATABASE_URL ? {} : newStorage();
  const config = loadConfig({ NODE_ENV: 'test', ...storage, SERVE_SITE: 'false', ...env, PORT: '0' });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, config, nest: app, close: () => stopApp(app) };
}
