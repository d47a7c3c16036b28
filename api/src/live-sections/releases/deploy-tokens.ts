import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { CreatedDeployToken, DeployToken } from '@portfolio/contracts/section-releases';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DATABASE, type Database, type Queries } from '../../storage/database.js';

/** What a deploy token's secret looks like: a prefix that says what it is, then 32 random bytes. */
const deployTokenPattern = /^sdt_[A-Za-z0-9_-]{43}$/;
/** Where `npm run section:token` leaves a new token's hash when the server holds the embedded database. */
export const pendingTokensFolder = 'deploy-tokens';

interface TokenRow {
  id: number;
  section: RemoteName;
  name: string;
  secret_hash: string;
  may_promote: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

/** A token's fields as `npm run section:token` hands them to the server. */
export interface NewToken {
  section: RemoteName;
  name: string;
  mayPromote: boolean;
  secretHash: string;
}

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new secret and its hash: only the hash is ever stored. */
export function newSecret(): { secret: string; secretHash: string } {
  const secret = `sdt_${randomBytes(32).toString('base64url')}`;
  return { secret, secretHash: hashSecret(secret) };
}

export async function insertToken(queries: Queries, token: NewToken): Promise<TokenRow> {
  const [row] = await queries.query<TokenRow>(
    `insert into deploy_tokens (section, name, secret_hash, may_promote) values ($1, $2, $3, $4)
     on conflict (secret_hash) do update set name = excluded.name returning *`,
    [token.section, token.name, token.secretHash, token.mayPromote],
  );
  if (!row) throw new Error('a deploy token was stored but not returned');
  return row;
}

const asToken = (row: TokenRow): DeployToken => ({
  id: row.id,
  section: row.section,
  name: row.name,
  mayPromote: row.may_promote,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

/**
 * Deploy tokens (table deploy_tokens): one section each, named, revocable, the secret's SHA-256 only.
 * Tokens made by `npm run section:token` beside a server holding PGlite arrive as files in
 * DATA_DIR/deploy-tokens/ and are taken into the table the next time a token is looked at.
 */
@Injectable()
export class DeployTokens {
  private readonly pendingFolder: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    this.pendingFolder = path.join(config.dataDir, pendingTokensFolder);
  }

  async create(section: RemoteName, name: string, mayPromote: boolean): Promise<CreatedDeployToken> {
    const { secret, secretHash } = newSecret();
    const row = await insertToken(this.database, { section, name, mayPromote, secretHash });
    return { token: asToken(row), secret };
  }

  /** Every token not revoked, newest first. */
  async list(): Promise<DeployToken[]> {
    await this.takePending();
    const rows = await this.database.query<TokenRow>(
      'select * from deploy_tokens where revoked_at is null order by id desc',
    );
    return rows.map(asToken);
  }

  /** Whether there was such a token to revoke. */
  async revoke(id: number): Promise<boolean> {
    const rows = await this.database.query<{ id: number }>(
      'update deploy_tokens set revoked_at = now() where id = $1 and revoked_at is null returning id',
      [id],
    );
    return rows.length > 0;
  }

  /** The live token a secret stands for (its use recorded), or null: unknown, malformed or revoked. */
  async verify(secret: string): Promise<DeployToken | null> {
    if (!deployTokenPattern.test(secret)) return null;
    await this.takePending();
    const wanted = hashSecret(secret);
    const [row] = await this.database.query<TokenRow>(
      `update deploy_tokens set last_used_at = now() where secret_hash = $1 and revoked_at is null returning *`,
      [wanted],
    );
    // found by its hash's index; compared again in constant time, so no timing tells how much matched
    if (!row || !timingSafeEqual(Buffer.from(row.secret_hash), Buffer.from(wanted))) return null;
    return asToken(row);
  }

  /** Tokens made on the command line while this server held the embedded database. */
  private async takePending(): Promise<void> {
    let files: string[];
    try {
      files = readdirSync(this.pendingFolder).filter((file) => file.endsWith('.json'));
    } catch {
      return;
    }
    for (const file of files) {
      const full = path.join(this.pendingFolder, file);
      try {
        await insertToken(this.database, JSON.parse(readFileSync(full, 'utf8')) as NewToken);
      } catch {
        // half written (the command writes then renames) or not a token: left for the command's next run to replace
        continue;
      }
      rmSync(full, { force: true });
    }
  }
}
