import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config/app-config.js';
import type { Database } from '../storage/database.js';

/**
 * COOKIE_SECRET, or one made on first start and kept in the database, so that every replica on the
 * same database signs and checks passes with the same secret, and passes survive a restart.
 */
export async function cookieSecret(
  config: AppConfig,
  database: Database,
): Promise<{ secret: string; source: 'COOKIE_SECRET' | 'the database' }> {
  if (config.cookieSecret) return { secret: config.cookieSecret, source: 'COOKIE_SECRET' };
  // replicas starting together may both propose one: the first insert wins and everyone reads it back
  await database.query(
    `insert into settings (name, value) values ('cookie_secret', $1) on conflict (name) do nothing`,
    [randomBytes(32).toString('base64url')],
  );
  const [row] = await database.query<{ value: string }>(`select value from settings where name = 'cookie_secret'`);
  if (!row) throw new Error('the cookie secret was stored but cannot be read back');
  return { secret: row.value, source: 'the database' };
}
