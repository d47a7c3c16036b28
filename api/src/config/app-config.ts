import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginThrottle, ownerSessionLimits } from '@portfolio/contracts/owner';
import { releaseBodyMs, releaseImportMs, releaseUploadLimits } from '@portfolio/contracts/section-releases';
import { siteConfig } from '@portfolio/contracts/site-config';
import * as z from 'zod';
import {
  emailAddress,
  httpUrl,
  origin,
  originList,
  originPairs,
  trustedProxies,
  urlOf,
  wholeNumber,
} from './environment-values.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Google's published reCAPTCHA test keys: every token passes, so a fresh clone works without an account. */
export const googleTestKeys = {
  siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
  secret: '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe',
} as const;

export const googleSiteverifyUrl = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * Every variable the server reads (each one optional: unset or blank is the default), one per line; .env.example
 * explains each and a test keeps the two lists equal.
 */
export const environmentSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: wholeNumber(0, 65535).default(8080),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: urlOf(
    ['postgres:', 'postgresql:'],
    'postgres://user:password@db.example.com:5432/portfolio',
  ).optional(),
  TRUST_PROXY: trustedProxies.default(() => ['loopback']),
  SERVE_SITE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  SITE_DIR: z.string().default(repoRoot),
  REMOTES_JSON: z.string().optional(),
  SITE_URL: origin('https://example.com').optional(),
  PREVIEW_PORT: wholeNumber(0, 65535).optional(),
  PREVIEW_ORIGIN: origin('https://preview.example.net').optional(),
  SECTION_REFRESH_MS: wholeNumber(10, 3_600_000).default(2_000),
  SECTION_ORIGINS_FOR_SERVER: originPairs.default(() => ({})),
  RECAPTCHA_SITE_KEY: z.string().default(googleTestKeys.siteKey),
  RECAPTCHA_SECRET: z.string().default(googleTestKeys.secret),
  RECAPTCHA_VERIFY_URL: httpUrl.default(googleSiteverifyUrl),
  SMTP_URL: urlOf(['smtp:', 'smtps:'], 'smtps://user:password@mail.example.com').optional(),
  CONTACT_TO: emailAddress.prefault(siteConfig.contactTo),
  CONTACT_FROM: emailAddress.optional(),
  ALLOWED_ORIGINS: originList.default(() => []),
  CSP_REMOTE_ORIGINS: originList.default(() => []),
  COOKIE_SECRET: z.string().optional(),
  RATE_LIMIT_WINDOW_MS: wholeNumber(1_000, 86_400_000).default(60_000),
  RATE_LIMIT_VERIFY: wholeNumber(1, 100_000).default(10),
  RATE_LIMIT_CONTACT: wholeNumber(1, 100_000).default(5),
  RATE_LIMIT_DOWNLOAD: wholeNumber(1, 100_000).default(30),
  RATE_LIMIT_RUM: wholeNumber(1, 100_000).default(30),
  OUTBOX_RETRY_BASE_MS: wholeNumber(10, 86_400_000).default(30_000),
  OUTBOX_RETRY_MAX_MS: wholeNumber(10, 86_400_000).default(3_600_000),
  OUTBOX_LEASE_MS: wholeNumber(1_000, 3_600_000).default(60_000),
  EXPERIMENT_GUARD_MS: wholeNumber(100, 86_400_000).default(60_000),
  // a rollout's hold minute; shorter only so that tests can watch a rollout go through its steps
  ROLLOUT_MINUTE_MS: wholeNumber(1, 60_000).default(60_000),
  RENDERER_IDLE_MS: wholeNumber(500, 86_400_000).default(60_000),
  RELEASE_BODY_MS: wholeNumber(100, 3_600_000).default(releaseBodyMs),
  RELEASE_IMPORT_MS: wholeNumber(100, 3_600_000).default(releaseImportMs),
  RELEASE_TOKEN_QUOTA_BYTES: wholeNumber(4096, 1_099_511_627_776).default(releaseUploadLimits.keptBytesPerToken),
  // the contract's limits; shorter ones only so that tests can watch a session expire
  OWNER_SESSION_IDLE_MS: wholeNumber(1_000, 86_400_000).default(ownerSessionLimits.idleMs),
  OWNER_SESSION_MAX_MS: wholeNumber(1_000, 604_800_000).default(ownerSessionLimits.maxMs),
  OWNER_LOGIN_LIMIT: wholeNumber(1, 1_000).default(loginThrottle.perClient),
  OWNER_LOGIN_LIMIT_OVERALL: wholeNumber(1, 100_000).default(loginThrottle.overall),
  OWNER_LOGIN_LIMIT_DEVICE: wholeNumber(1, 1_000).default(loginThrottle.perDevice),
});

const logStyle = (nodeEnv: string): 'json' | 'readable' | 'quiet' =>
  nodeEnv === 'production' ? 'json' : nodeEnv === 'test' ? 'quiet' : 'readable';

const withoutBlankValues = (env: unknown): unknown =>
  Object.fromEntries(
    Object.entries(env as Record<string, unknown>).filter(([, value]) => typeof value !== 'string' || value.trim()),
  );

/** The environment parsed into the configuration every module is given (README "Configuration"). */
export const appConfigSchema = z.preprocess(withoutBlankValues, environmentSchema).transform((env, ctx) => {
  const siteBuildDir = path.resolve(env.SITE_DIR);
  // beside the site's port by default; a random one when the site's is (tests)
  const previewPort = env.PREVIEW_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 1);
  const refuse = (variable: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message, input: env });
  if (previewPort > 65535) refuse('PREVIEW_PORT', `must be set: PORT ${env.PORT} leaves no port after it`);
  if (previewPort !== 0 && previewPort === env.PORT) refuse('PREVIEW_PORT', 'must be another port than PORT');
  if (env.PREVIEW_ORIGIN && env.PREVIEW_ORIGIN === env.SITE_URL)
    refuse('PREVIEW_ORIGIN', 'must be another origin than SITE_URL: previews never run where the owner logs in');
  if (env.PREVIEW_ORIGIN && env.ALLOWED_ORIGINS.includes(env.PREVIEW_ORIGIN))
    refuse('ALLOWED_ORIGINS', 'may not name PREVIEW_ORIGIN: previews never call the API with cookies');
  const serveSite = env.SERVE_SITE === 'true';
  const remotesJson = env.REMOTES_JSON ?? (serveSite ? path.join(siteBuildDir, 'shell', 'dist', 'remotes.json') : null);
  return {
    /** NODE_ENV=production: one JSON line per request and event; test: warnings and errors only. */
    logs: logStyle(env.NODE_ENV),
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    /** PostgreSQL, shared by every replica; null: the embedded database in DATA_DIR. */
    databaseUrl: env.DATABASE_URL ?? null,
    /** Express's `trust proxy`: which hops' X-Forwarded-For to believe (a hop count, or addresses and ranges). */
    trustProxy: env.TRUST_PROXY,
    /** Where the built shell and remotes are; null: serve the API only. */
    siteDir: serveSite ? siteBuildDir : null,
    /**
     * Whether the sitemap's pages are rendered ahead (site/site-pages.ts) from when the server listens and after
     * each change of the builds visitors get; false: each page is rendered when first asked for.
     */
    /**
     * The remotes.json the live sections start from (REMOTES_JSON, else the served shell/dist/remotes.json):
     * the owner's promotes are written to it, or to the database when DATABASE_URL is set. null: none.
     */
    remotesJson: remotesJson === null ? null : path.resolve(remotesJson),
    /** Where the built parts are (SITE_DIR, else the repository), served or not: health checks load sections with its render module. */
    siteBuildDir,
    /** The public origin for canonical and Open Graph URLs and the sitemap; null: http://localhost:<port>, never a request header. */
    siteUrl: env.SITE_URL ?? null,
    /**
     * The preview origin (docs/shipping-a-section.md "Previews"): where previews of sections run, on a port of
     * their own (PREVIEW_PORT, default PORT+1), never where the owner's session is. Its public address
     * (PREVIEW_ORIGIN) behind a proxy; null: SITE_URL's host (else localhost) and the preview port.
     */
    previewPort,
    previewOrigin: env.PREVIEW_ORIGIN ?? null,
    /** How often a section's URL is looked at for a new build (server rendering). */
    sectionRefreshMs: env.SECTION_REFRESH_MS,
    /**
     * A browser origin of sections (as remotes.json names them) and the origin this server reaches the same
     * files at instead (SECTION_ORIGINS_FOR_SERVER): behind a proxy, the browser's address may not be the server's.
     */
    sectionOriginsForServer: env.SECTION_ORIGINS_FOR_SERVER,
    recaptcha: {
      siteKey: env.RECAPTCHA_SITE_KEY,
      secret: env.RECAPTCHA_SECRET,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      /** With Google's test secret every token's hostname is Google's, so the hostname check is skipped. */
      checkHostname: env.RECAPTCHA_SECRET !== googleTestKeys.secret,
    },
    /** nodemailer SMTP URL; null: messages are stored and logged as undelivered. */
    smtpUrl: env.SMTP_URL ?? null,
    contactTo: env.CONTACT_TO,
    contactFrom: env.CONTACT_FROM ?? env.CONTACT_TO,
    /** Origins besides the server's own that may POST with cookies (a site on another origin than the API). */
    allowedOrigins: env.ALLOWED_ORIGINS,
    /** Origins that may serve remotes, besides those named in the served remotes.json (CSP). */
    cspRemoteOrigins: env.CSP_REMOTE_ORIGINS,
    /** Signs the contact pass cookie; null: a random secret kept in the database, shared by replicas. */
    cookieSecret: env.COOKIE_SECRET ?? null,
    rateLimit: {
      windowMs: env.RATE_LIMIT_WINDOW_MS,
      verify: env.RATE_LIMIT_VERIFY,
      contact: env.RATE_LIMIT_CONTACT,
      download: env.RATE_LIMIT_DOWNLOAD,
      rum: env.RATE_LIMIT_RUM,
    },
    /** leaseMs: how long a replica may hold a message it is sending before another may take it. */
    outbox: {
      retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: env.OUTBOX_RETRY_MAX_MS,
      leaseMs: env.OUTBOX_LEASE_MS,
    },
    /** How often the guard looks at running experiments (docs/experiments.md "The guard"). */
    experimentGuardMs: env.EXPERIMENT_GUARD_MS,
    /** How long a minute of a rollout's hold lasts (docs/experiments.md "Rollouts"): 60000 but in tests. */
    rolloutMinuteMs: env.ROLLOUT_MINUTE_MS,
    /**
     * A renderer of the live builds (kept ready) that rendered pages and sat unused this long is renewed, giving back
     * what its renders grew; any other renderer unused this long ends (docs/server-rendering.md).
     */
    rendererIdleMs: env.RENDERER_IDLE_MS,
    /** How long a section release's upload may take to send its body: a slower one is cut off with a 408. */
    releaseBodyMs: env.RELEASE_BODY_MS,
    /** How long the owner's import of a build at a URL may take, list and files: a slower one is refused (422). */
    releaseImportMs: env.RELEASE_IMPORT_MS,
    /** What the releases one deploy token uploaded (and the site keeps) may take on disk: over it, a 413. */
    releaseTokenQuotaBytes: env.RELEASE_TOKEN_QUOTA_BYTES,
    /** The owner's session: ended after idleMs without a call, and after maxMs whatever happens. */
    ownerSession: { idleMs: env.OWNER_SESSION_IDLE_MS, maxMs: env.OWNER_SESSION_MAX_MS },
    /**
     * Wrong owner passwords allowed per window (loginThrottle.windowMs): per client and for everyone together
     * without a device cookie, per device with one.
     */
    ownerLogin: {
      perClient: env.OWNER_LOGIN_LIMIT,
      overall: env.OWNER_LOGIN_LIMIT_OVERALL,
      perDevice: env.OWNER_LOGIN_LIMIT_DEVICE,
    },
  };
});

/** Typed configuration from the environment; every variable is optional. */
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The configuration, or an error naming each variable that is wrong and what it must be. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = appConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new Error(`Configuration: ${problems.join('; ')}`);
}

export const APP_CONFIG = Symbol('APP_CONFIG');
