import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Typed configuration from the environment (DESIGN.md "Configuration"); every variable is optional. */
export interface AppConfig {
  port: number;
  dataDir: string;
  /** Where the built shell and remotes are; null: serve the API only. */
  siteDir: string | null;
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${value}"`);
  }
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: port(env.PORT, 8080),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    siteDir: env.SERVE_SITE === 'false' ? null : path.resolve(env.SITE_DIR ?? repoRoot),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
