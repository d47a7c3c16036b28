import { isIP } from 'node:net';
import * as z from 'zod';

/**
 * The forms an environment variable's text takes, as zod schemas that parse it. Each message says what the
 * value must be; the error names the variable in front of it (loadConfig).
 */

/** A whole number in a range (ports, counts, milliseconds). */
export function wholeNumber(min: number, max: number) {
  return z.string().transform((value, ctx) => {
    const parsed = Number(value);
    if (Number.isInteger(parsed) && parsed >= min && parsed <= max) return parsed;
    ctx.addIssue(`must be a whole number from ${min} to ${max}, not "${value}"`);
    return z.NEVER;
  });
}

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A URL with one of these protocols; the value is not echoed, since such URLs may hold a password. */
export function urlOf(protocols: readonly string[], example: string) {
  return z.string().refine((value) => protocols.includes(parsedUrl(value)?.protocol ?? ''), {
    error: `must be a URL like ${example} (${protocols.map((protocol) => `${protocol}//`).join(' or ')})`,
  });
}

export const httpUrl = urlOf(['https:', 'http:'], 'https://example.com/path');

/** An http(s) origin, nothing after it but a slash; parsed to the origin alone. */
function bareOrigin(value: string): string | null {
  const url = parsedUrl(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
  return url.origin;
}

export function origin(example: string) {
  return z.string().transform((value, ctx) => {
    const parsed = bareOrigin(value);
    if (parsed) return parsed;
    ctx.addIssue(`must be an origin like ${example}, not "${value}"`);
    return z.NEVER;
  });
}

const listEntries = (value: string): string[] => value.split(/[\s,]+/).filter(Boolean);

/** Origins separated by commas or spaces; each entry may be a URL, its origin is kept. */
export const originList = z.string().transform((value, ctx) => {
  const origins: string[] = [];
  for (const entry of listEntries(value)) {
    const url = parsedUrl(entry);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      ctx.addIssue(`must be http(s) URLs separated by commas or spaces; "${entry}" is not one`);
    } else origins.push(url.origin);
  }
  return origins;
});

/**
 * `browserOrigin=serverOrigin` pairs, separated by commas or spaces. remotes.json keeps the browser's URLs (a
 * page names them for hydration); the server fetches the same paths from the other origin (in
 * docker-compose.yml, http://localhost:3001 is http://mf-home inside the network).
 */
export const originPairs = z.string().transform((value, ctx) => {
  const pairs: Record<string, string> = {};
  for (const entry of listEntries(value)) {
    const [browser = '', server = '', ...rest] = entry.split('=');
    const browserOrigin = bareOrigin(browser);
    const serverOrigin = bareOrigin(server);
    if (!browserOrigin || !serverOrigin || rest.length > 0) {
      ctx.addIssue(`must be browserOrigin=serverOrigin pairs (http://localhost:3001=http://mf-home), not "${entry}"`);
    } else if (Object.hasOwn(pairs, browserOrigin)) ctx.addIssue(`names ${browserOrigin} twice`);
    else pairs[browserOrigin] = serverOrigin;
  }
  return pairs;
});

export const emailAddress = z.string().refine((value) => /^[^\s@<>,;]+@[^\s@<>,;]+$/.test(value), {
  error: (issue) => `must be one email address, not "${String(issue.input)}"`,
});

/** Express's names for address ranges, which TRUST_PROXY may use besides addresses and CIDR ranges. */
const rangeNames = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Express's `trust proxy`: a hop count (the proxies in front all append to X-Forwarded-For), or the proxies'
 * addresses and ranges. `true` is refused: believing every hop lets any client pick its own address.
 */
export const trustedProxies = z.string().transform((value, ctx): number | string[] => {
  const text = value.trim();
  if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
  if (text === 'false' || text === 'none') return 0;
  if (text === 'true') {
    ctx.addIssue("must not be true: every client could choose its address; give a hop count or the proxies' addresses");
    return z.NEVER;
  }
  const entries = listEntries(text);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length === 0) return entries;
  ctx.addIssue(
    `must be a hop count from 0 to 10, or addresses, CIDR ranges or ${rangeNames.join('/')}, not "${bad.join(', ')}"`,
  );
  return z.NEVER;
});
