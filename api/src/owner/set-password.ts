// `npm run owner:password`: sets the owner's password where the server looks for it (DATA_DIR or DATABASE_URL).
// On a terminal it asks twice without echo; otherwise it reads one line from standard input.
import { loadConfig } from '../config/app-config.js';
import { openPostgres } from '../storage/postgres-database.js';
import { migrate } from '../storage/migrations.js';
import { hashPassword, ownerPasswordMaxLength, ownerPasswordMinLength } from './password-hash.js';
import { OwnerPassword } from './owner-password.js';

/** One line typed on the terminal, not echoed; Ctrl-C or Ctrl-D gives up. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  input.setRawMode(true); // before the prompt: nothing typed after it may echo
  process.stderr.write(prompt);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = (outcome: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish(() => resolve(typed.join('')));
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish(() => reject(new Error('Cancelled.')));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char === '\u0015')
          typed = []; // Ctrl-U: start the line again
        else if (char >= ' ') typed.push(char);
      }
    };
    input.on('data', onData);
  });
}

/** The first line of standard input (a pipe or a file), without its line ending. */
async function firstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const password = await askHidden(`Owner password (at least ${ownerPasswordMinLength} characters): `);
  if (password.length < ownerPasswordMinLength) return password; // refused below, without asking again
  const again = await askHidden('The same password again: ');
  if (again !== password) throw new Error('The two passwords differ; nothing was changed.');
  return password;
}

function problemWith(password: string): string | null {
  const length = Array.from(password).length; // characters, not UTF-16 units
  if (length === 0) return 'No password given; nothing was changed.';
  if (length < ownerPasswordMinLength) {
    return `The password must be at least ${ownerPasswordMinLength} characters long (it has ${length}); nothing was changed.`;
  }
  if (password.length > ownerPasswordMaxLength) {
    return `The password must be at most ${ownerPasswordMaxLength} characters long; nothing was changed.`;
  }
  return null;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const password = await readPassword();
  const problem = problemWith(password);
  if (problem) throw new Error(problem);
  const hash = await hashPassword(password);
  // only PostgreSQL is opened: the server may hold the embedded database, so DATA_DIR gets a file
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : null;
  try {
    if (database) await migrate(database);
    const store = new OwnerPassword(config, database);
    await store.write(hash);
    console.log(`Owner password set (a salted scrypt hash in ${store.location}). Log in at /owner/login.`);
  } finally {
    await database?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
