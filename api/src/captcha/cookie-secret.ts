import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/app-config.js';

/** COOKIE_SECRET, or one made on first start and kept in DATA_DIR so passes survive a restart. */
export function cookieSecret(config: AppConfig): string {
  if (config.cookieSecret) return config.cookieSecret;
  const file = path.join(config.dataDir, 'cookie-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
