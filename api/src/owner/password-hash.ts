import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** The owner's password: at least this long (it guards the inbox and what every visitor is served). */
export const ownerPasswordMinLength = 12;
/** As long as the login form accepts (the contract's loginRequestSchema). */
export const ownerPasswordMaxLength = 1024;

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
/** scrypt's cost: 2^15 x 8 (32 MiB, some 50-100 ms a try), stored with each hash so it can be raised later. */
const defaultCost: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
/**
 * The lowest cost verifyPassword takes (2^10 x 8: 1 MiB, about 3 ms a try). Only the API tests hash with it: their
 * hundreds of logins are about sessions, throttles and cookies, not about scrypt's cost, which the hash's own unit
 * test and `npm run owner:password`'s test (its login included) prove at the default.
 */
export const lowestCost: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
const keyLength = 64;

const derive = (password: string, salt: Buffer, cost: ScryptCost) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** "scrypt$N=32768,r=8,p=1$<salt>$<key>" (base64url): a random salt per password, the cost beside it. */
export async function hashPassword(password: string, cost: ScryptCost = defaultCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  const { N, r, p } = cost;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether the password matches a stored hash; constant-time comparison, false for a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{16,})$/.exec(stored.trim());
  if (!match) return false;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // a tampered cost must not stall the server: powers of two within reason only
  if (!Number.isInteger(Math.log2(N)) || N < lowestCost.N || N > 2 ** 20 || r < 1 || r > 32 || p < 1 || p > 16) {
    return false;
  }
  const expected = Buffer.from(match[5] ?? '', 'base64url');
  const key = await derive(password, Buffer.from(match[4] ?? '', 'base64url'), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
