import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE, type Queries } from '../storage/database.js';

/** The rows of table settings that hold the hash, and when it was set, when DATABASE_URL is set. */
const settingName = 'owner_password';
const setAtSettingName = 'owner_password_set_at';
/** The file in DATA_DIR that holds it otherwise. */
const passwordFileName = 'owner-password';

/**
 * Where the owner's password hash is kept: PostgreSQL (DATABASE_URL), shared by every replica; otherwise a
 * file in DATA_DIR, not the embedded database, because `npm run owner:password` must work while the server
 * holds PGlite open (PGlite is single-process). Read at each login, so a new password works at once.
 */
@Injectable()
export class OwnerPassword {
  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
    @Inject(DATABASE) private readonly database: Queries | null,
  ) {}

  /** For messages: where the hash is kept (no password of the database URL). */
  get location(): string {
    return this.config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : this.file;
  }

  private get file(): string {
    return path.join(this.config.dataDir, passwordFileName);
  }

  /** The stored hash, or null when no password has been set. */
  async read(): Promise<string | null> {
    if (this.config.databaseUrl) {
      const [row] = await this.usedDatabase().query<{ value: string }>('select value from settings where name = $1', [
        settingName,
      ]);
      return row?.value || null;
    }
    try {
      return (await readFile(this.file, 'utf8')).trim() || null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** When the password was last set (sessions from before then are over); null when none is set. */
  async setAt(): Promise<Date | null> {
    if (this.config.databaseUrl) {
      const [row] = await this.usedDatabase().query<{ value: string }>('select value from settings where name = $1', [
        setAtSettingName,
      ]);
      return row ? new Date(row.value) : null;
    }
    try {
      return (await stat(this.file)).mtime;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(hash: string): Promise<void> {
    if (this.config.databaseUrl) {
      // one statement: both rows change together, the time from the database's clock like the sessions'
      await this.usedDatabase().query(
        `insert into settings (name, value) values ($1, $2), ($3, to_json(now())#>>'{}')
         on conflict (name) do update set value = excluded.value`,
        [settingName, hash, setAtSettingName],
      );
      return;
    }
    // written beside it, then renamed: a login never reads half a hash, and only the owner may read it
    await mkdir(this.config.dataDir, { recursive: true });
    const temporary = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, `${hash}\n`, { mode: 0o600, flag: 'wx' });
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  private usedDatabase(): Queries {
    if (!this.database) throw new Error('DATABASE_URL is set but no database was given');
    return this.database;
  }
}
