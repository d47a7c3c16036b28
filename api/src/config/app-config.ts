import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginThrottle, ownerSessionLimits } from '@portfolio/contracts/owner';
import { siteConfig } from '@portfolio/contracts/site-config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Google's published reCAPTCHA test keys: every token passes, so a fresh clone works without an account. */
export const googleTestKeys = {
  siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
  secret: '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe',
} as const;

export const googleSiteverifyUrl = 'https://www.google.com/recaptcha/api/siteverify';

/** Typed configuration from the environment (README "Configuration"); every variable is optional. */
export interface AppConfig {
  port: number;
  dataDir: string;
  /** PostgreSQL, shared by every replica; null: the embedded database in DATA_DIR. */
  databaseUrl: string | null;
  /** Express's `trust proxy`: which hops' X-Forwarded-For to believe (a hop count, or addresses and ranges). */
  trustProxy: number | string[];
  /** Where the built shell and remotes are; null: serve the API only. */
  siteDir: string | null;
  /**
   * The remotes.json the live sections start from (REMOTES_JSON, else the served shell/dist/remotes.json):
   * the owner's promotes are written to it, or to the database when DATABASE_URL is set. null: none.
   */
  remotesJson: string | null;
  /** Where the built parts are (SITE_DIR, else the repository), served or not: health checks load sections with its render module. */
  siteBuildDir: string;
  /** The public origin for canonical and Open Graph URLs and the sitemap; null: http://localhost:<port>, never a request header. */
  siteUrl: string | null;
  /** How often a section's URL is looked at for a new build (server rendering). */
  sectionRefreshMs: number;
  /**
   * A browser origin of sections (as remotes.json names them) and the origin this server reaches the same
   * files at instead (SECTION_ORIGINS_FOR_SERVER): behind a proxy, the browser's address may not be the server's.
   */
  sectionOriginsForServer: Readonly<Record<string, string>>;
  recaptcha: {
    siteKey: string;
    secret: string;
    verifyUrl: string;
    /** With Google's test secret every token's hostname is Google's, so the hostname check is skipped. */
    checkHostname: boolean;
  };
  /** nodemailer SMTP URL; null: messages are stored and logged as undelivered. */
  smtpUrl: string | null;
  contactTo: string;
  contactFrom: string;
  /** Origins besides the server's own that may POST with cookies (a site on another origin than the API). */
  allowedOrigins: string[];
  /** Origins that may serve remotes, besides those named in the served remotes.json (CSP). */
  cspRemoteOrigins: string[];
  /** Signs the contact pass cookie; null: a random secret kept in the database, shared by replicas. */
  cookieSecret: string | null;
  rateLimit: { windowMs: number; verify: number; contact: number; download: number; rum: number };
  /** leaseMs: how long a replica may hold a message it is sending before another may take it. */
  outbox: { retryBaseMs: number; retryMaxMs: number; leaseMs: number };
  /** The owner's session: ended after idleMs without a call, and after maxMs whatever happens. */
  ownerSession: { idleMs: number; maxMs: number };
  /** Wrong owner passwords allowed per window (loginThrottle.windowMs), per client and for everyone together. */
  ownerLogin: { perClient: number; overall: number };
}

const fail = (message: string): never => {
  throw new Error(`Configuration: ${message}`);
};

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    fail(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return parsed;
}

function httpUrl(name: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    fail(`${name} must be a URL, not "${value}"`);
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') fail(`${name} must be an http(s) URL`);
  return value;
}

function originList(name: string, value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const origin = new URL(httpUrl(name, entry)).origin;
      if (origin === 'null') fail(`${name} holds "${entry}", which has no origin`);
      return origin;
    });
}

/** An http(s) origin, nothing after it but a slash. */
function bareOrigin(name: string, value: string, example: string): string {
  const url = new URL(httpUrl(name, value));
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    fail(`${name} must be an origin like ${example}, not "${value}"`);
  return url.origin;
}

function siteOrigin(value: string | undefined): string | null {
  return value ? bareOrigin('SITE_URL', value, 'https://example.com') : null;
}

/**
 * SECTION_ORIGINS_FOR_SERVER: `browserOrigin=serverOrigin` pairs, separated by commas or spaces. remotes.json
 * keeps the browser's URLs (a page names them for hydration); the server fetches the same paths from the
 * other origin (in docker-compose.yml, http://localhost:3001 is http://mf-home inside the network).
 */
function sectionOriginsForServer(value: string | undefined): Record<string, string> {
  const name = 'SECTION_ORIGINS_FOR_SERVER';
  const pairs: Record<string, string> = {};
  for (const entry of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [browser = '', server = '', ...rest] = entry.split('=');
    if (!browser || !server || rest.length > 0)
      fail(`${name} must be browserOrigin=serverOrigin pairs (http://localhost:3001=http://mf-home), not "${entry}"`);
    const browserOrigin = bareOrigin(name, browser, 'http://localhost:3001');
    if (Object.hasOwn(pairs, browserOrigin)) fail(`${name} names ${browserOrigin} twice`);
    pairs[browserOrigin] = bareOrigin(name, server, 'http://mf-home');
  }
  return pairs;
}

function emailAddress(name: string, value: string): string {
  if (!/^[^\s@<>,;]+@[^\s@<>,;]+$/.test(value)) fail(`${name} must be one email address, not "${value}"`);
  return value;
}

function smtpUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const { protocol } = new URL(value);
    if (protocol !== 'smtp:' && protocol !== 'smtps:') fail('SMTP_URL must start with smtp:// or smtps://');
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Configuration:')) throw error;
    fail('SMTP_URL must be a URL like smtps://user:password@mail.example.com');
  }
  return value;
}

function databaseUrl(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    fail('DATABASE_URL must be a URL like postgres://user:password@db.example.com:5432/portfolio');
  }
  if (url?.protocol !== 'postgres:' && url?.protocol !== 'postgresql:') {
    fail('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return value;
}

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
 * TRUST_PROXY: a hop count (the proxies in front all append to X-Forwarded-For), or the proxies'
 * addresses and ranges. `true` is refused: believing every hop lets any client pick its own address.
 */
function trustProxy(value: string | undefined): number | string[] {
  if (value === undefined || value.trim() === '') return ['loopback'];
  const text = value.trim();
  if (/^\d+$/.test(text)) return wholeNumber('TRUST_PROXY', text, 0, 0, 10);
  if (text === 'false' || text === 'none') return 0;
  if (text === 'true') {
    fail("TRUST_PROXY=true would let every client choose its address; give a hop count or the proxies' addresses");
  }
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    fail(
      `TRUST_PROXY must be a hop count, or addresses, CIDR ranges or ${rangeNames.join('/')}, not "${bad.join(', ')}"`,
    );
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const secret = env.RECAPTCHA_SECRET || googleTestKeys.secret;
  const contactTo = emailAddress('CONTACT_TO', env.CONTACT_TO || siteConfig.contactTo);
  return {
    port: wholeNumber('PORT', env.PORT, 8080, 0, 65535),
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    trustProxy: trustProxy(env.TRUST_PROXY),
    siteDir: env.SERVE_SITE === 'false' ? null : path.resolve(env.SITE_DIR ?? repoRoot),
    siteBuildDir: path.resolve(env.SITE_DIR ?? repoRoot),
    remotesJson: env.REMOTES_JSON
      ? path.resolve(env.REMOTES_JSON)
      : env.SERVE_SITE === 'false'
        ? null
        : path.join(path.resolve(env.SITE_DIR ?? repoRoot), 'shell', 'dist', 'remotes.json'),
    siteUrl: siteOrigin(env.SITE_URL),
    sectionRefreshMs: wholeNumber('SECTION_REFRESH_MS', env.SECTION_REFRESH_MS, 2000, 10, 3_600_000),
    sectionOriginsForServer: sectionOriginsForServer(env.SECTION_ORIGINS_FOR_SERVER),
    recaptcha: {
      siteKey: env.RECAPTCHA_SITE_KEY || googleTestKeys.siteKey,
      secret,
      verifyUrl: httpUrl('RECAPTCHA_VERIFY_URL', env.RECAPTCHA_VERIFY_URL || googleSiteverifyUrl),
      checkHostname: secret !== googleTestKeys.secret,
    },
    smtpUrl: smtpUrl(env.SMTP_URL),
    contactTo,
    contactFrom: emailAddress('CONTACT_FROM', env.CONTACT_FROM || contactTo),
    allowedOrigins: originList('ALLOWED_ORIGINS', env.ALLOWED_ORIGINS),
    cspRemoteOrigins: originList('CSP_REMOTE_ORIGINS', env.CSP_REMOTE_ORIGINS),
    cookieSecret: env.COOKIE_SECRET || null,
    rateLimit: {
      windowMs: wholeNumber('RATE_LIMIT_WINDOW_MS', env.RATE_LIMIT_WINDOW_MS, 60_000, 1_000, 86_400_000),
      verify: wholeNumber('RATE_LIMIT_VERIFY', env.RATE_LIMIT_VERIFY, 10, 1, 100_000),
      contact: wholeNumber('RATE_LIMIT_CONTACT', env.RATE_LIMIT_CONTACT, 5, 1, 100_000),
      download: wholeNumber('RATE_LIMIT_DOWNLOAD', env.RATE_LIMIT_DOWNLOAD, 30, 1, 100_000),
      rum: wholeNumber('RATE_LIMIT_RUM', env.RATE_LIMIT_RUM, 30, 1, 100_000),
    },
    outbox: {
      retryBaseMs: wholeNumber('OUTBOX_RETRY_BASE_MS', env.OUTBOX_RETRY_BASE_MS, 30_000, 10, 86_400_000),
      retryMaxMs: wholeNumber('OUTBOX_RETRY_MAX_MS', env.OUTBOX_RETRY_MAX_MS, 3_600_000, 10, 86_400_000),
      leaseMs: wholeNumber('OUTBOX_LEASE_MS', env.OUTBOX_LEASE_MS, 60_000, 1_000, 3_600_000),
    },
    // the contract's limits; shorter ones only so that tests can watch a session expire
    ownerSession: {
      idleMs: wholeNumber(
        'OWNER_SESSION_IDLE_MS',
        env.OWNER_SESSION_IDLE_MS,
        ownerSessionLimits.idleMs,
        1_000,
        86_400_000,
      ),
      maxMs: wholeNumber(
        'OWNER_SESSION_MAX_MS',
        env.OWNER_SESSION_MAX_MS,
        ownerSessionLimits.maxMs,
        1_000,
        604_800_000,
      ),
    },
    ownerLogin: {
      perClient: wholeNumber('OWNER_LOGIN_LIMIT', env.OWNER_LOGIN_LIMIT, loginThrottle.perClient, 1, 1_000),
      overall: wholeNumber(
        'OWNER_LOGIN_LIMIT_OVERALL',
        env.OWNER_LOGIN_LIMIT_OVERALL,
        loginThrottle.overall,
        1,
        100_000,
      ),
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
