// `npm run section:token -- <section> [--name <label>] [--may-promote]`: makes a deploy token of one section
// where the server looks for it, and prints it once, on the last line (only its hash is kept).
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { remoteNames } from '@portfolio/contracts/remote-routes';
import { sectionNameOf } from '../../common/section-named.js';
import { releaseCommand } from '@portfolio/contracts/section-releases';
import { remoteByName } from '@portfolio/parts';
import { loadConfig } from '../../config/app-config.js';
import { migrate } from '../../storage/migrations.js';
import { openPostgres } from '../../storage/postgres-database.js';
import { insertToken, newSecret, pendingTokensFolder, type NewToken } from './deploy-tokens.js';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, 'may-promote': { type: 'boolean', default: false } },
  });
  const section = sectionNameOf(positionals[0]);
  if (!section || positionals.length !== 1)
    throw new Error(
      `Name one section: npm run section:token -- <${remoteNames.join('|')}> [--name <label>] [--may-promote]`,
    );
  const name = (values.name ?? `${section} deploy token`).trim();
  if (!name || name.length > 80) throw new Error('A token name has 1 to 80 characters.');
  const config = loadConfig();
  const { secret, secretHash } = newSecret();
  const token: NewToken = { section, name, mayPromote: values['may-promote'], secretHash };
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    try {
      await migrate(database);
      await insertToken(database, token);
    } finally {
      await database.close();
    }
  } else {
    // the server may hold the embedded database (one process only): it takes the token from this file
    const folder = path.join(config.dataDir, pendingTokensFolder);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, `${randomBytes(8).toString('hex')}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(token), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }
  console.log(`Deploy token "${name}" for the ${section} section${token.mayPromote ? ' (may promote)' : ''}.`);
  console.log(`Keep it secret: it is shown once. Use it as ${releaseCommand(remoteByName(section).folder)}`);
  console.log(secret);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
