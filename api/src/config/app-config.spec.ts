import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteConfig } from '@portfolio/contracts/site-config';
import { appConfigSchema, environmentSchema, googleSiteverifyUrl, googleTestKeys, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('works with no environment at all: Google test keys, no SMTP, the site owner as recipient', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.recaptcha).toEqual({
      siteKey: googleTestKeys.siteKey,
      secret: googleTestKeys.secret,
      verifyUrl: googleSiteverifyUrl,
      checkHostname: false,
    });
    expect(config.smtpUrl).toBeNull();
    expect(config.contactTo).toBe(siteConfig.contactTo);
    expect(config.contactFrom).toBe(config.contactTo);
    expect(config.rateLimit).toEqual({ windowMs: 60_000, verify: 10, contact: 5, download: 30, rum: 30 });
    expect(config.databaseUrl).toBeNull();
    expect(config.trustProxy).toEqual(['loopback']);
    expect(config.outbox.leaseMs).toBeLessThanOrEqual(60_000);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    for (const url of ['postgres://site:secret@db.example.com:5432/site', 'postgresql://localhost/site']) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it('reads TRUST_PROXY as a hop count, addresses and ranges, or nothing to trust', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '172.30.80.10, 10.0.0.0/8 loopback ::1 fd00::/8' }).trustProxy).toEqual([
      '172.30.80.10',
      '10.0.0.0/8',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('checks the captcha hostname with real keys and reads the lists of origins', () => {
    const config = loadConfig({
      RECAPTCHA_SECRET: 'real-secret',
      ALLOWED_ORIGINS: 'https://www.example.com, https://example.com/',
      CSP_REMOTE_ORIGINS: 'https://cdn.example.com/remotes/home/',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
    });
    expect(config.recaptcha.checkHostname).toBe(true);
    expect(config.allowedOrigins).toEqual(['https://www.example.com', 'https://example.com']);
    expect(config.cspRemoteOrigins).toEqual(['https://cdn.example.com']);
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example.com');
  });

  it("reads SECTION_ORIGINS_FOR_SERVER as the server's own origin for each browser origin of sections", () => {
    expect(loadConfig({}).sectionOriginsForServer).toEqual({});
    expect(
      loadConfig({
        SECTION_ORIGINS_FOR_SERVER:
          'http://localhost:3001=http://mf-home, https://about.example.com/=http://10.0.0.5:8081\n',
      }).sectionOriginsForServer,
    ).toEqual({ 'http://localhost:3001': 'http://mf-home', 'https://about.example.com': 'http://10.0.0.5:8081' });
  });

  it('refuses a SECTION_ORIGINS_FOR_SERVER that is not browserOrigin=serverOrigin pairs', () => {
    for (const bad of [
      'http://localhost:3001',
      'http://localhost:3001=',
      '=http://mf-home',
      'http://localhost:3001=http://mf-home=http://x',
      'localhost:3001=mf-home',
      'http://localhost:3001/mf/home/=http://mf-home',
      'http://localhost:3001=http://mf-home/home',
      'http://localhost:3001=ftp://mf-home',
      'http://localhost:3001=http://a, http://localhost:3001/=http://b',
    ]) {
      expect(() => loadConfig({ SECTION_ORIGINS_FOR_SERVER: bad })).toThrow(
        /^Configuration: SECTION_ORIGINS_FOR_SERVER/,
      );
    }
  });

  it('refuses settings it cannot honour, at start-up', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ CONTACT_TO: 'owner' })).toThrow(/CONTACT_TO/);
    expect(() => loadConfig({ RATE_LIMIT_CONTACT: '0' })).toThrow(/RATE_LIMIT_CONTACT/);
    expect(() => loadConfig({ CSP_REMOTE_ORIGINS: 'javascript:alert(1)' })).toThrow(/CSP_REMOTE_ORIGINS/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/site' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'localhost:5432' })).toThrow(/DATABASE_URL/);
    // believing every hop would let each client choose its own rate-limit bucket
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    for (const bad of ['nginx', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/8', '11']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ OUTBOX_LEASE_MS: '10' })).toThrow(/OUTBOX_LEASE_MS/);
  });

  it('names every wrong variable at once, and echoes no value that may hold a password', () => {
    const wrong = () =>
      loadConfig({
        PORT: 'eighty',
        RATE_LIMIT_VERIFY: '-1',
        SERVE_SITE: 'yes',
        DATABASE_URL: 'mysql://site:hunter2@db.example.com/site',
        SMTP_URL: 'http://mailer:hunter2@mail.example.com',
      });
    expect(wrong).toThrow(/^Configuration: /);
    const message = (() => {
      try {
        wrong();
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    for (const name of ['PORT', 'RATE_LIMIT_VERIFY', 'SERVE_SITE', 'DATABASE_URL', 'SMTP_URL']) {
      expect(message).toContain(name);
    }
    expect(message).toContain('"eighty"');
    expect(message).not.toContain('hunter2');
  });

  it('takes a blank variable as unset: the default', () => {
    const blank = loadConfig({ PORT: '', TRUST_PROXY: '  ', CONTACT_TO: '', SITE_URL: '', DATABASE_URL: '' });
    expect(blank).toEqual(loadConfig({}));
  });

  it('serves the site and its remotes.json unless SERVE_SITE=false; REMOTES_JSON names another', () => {
    const served = loadConfig({ SITE_DIR: '/srv/site' });
    expect(served.siteDir).toBe('/srv/site');
    expect(served.remotesJson).toBe('/srv/site/shell/dist/remotes.json');
    const apiOnly = loadConfig({ SITE_DIR: '/srv/site', SERVE_SITE: 'false' });
    expect(apiOnly.siteDir).toBeNull();
    expect(apiOnly.remotesJson).toBeNull();
    expect(apiOnly.siteBuildDir).toBe('/srv/site');
    expect(loadConfig({ SERVE_SITE: 'false', REMOTES_JSON: '/etc/site/remotes.json' }).remotesJson).toBe(
      '/etc/site/remotes.json',
    );
  });

  it('reads SITE_URL as an origin only, and CONTACT_FROM defaults to CONTACT_TO', () => {
    expect(loadConfig({ SITE_URL: 'https://example.com/' }).siteUrl).toBe('https://example.com');
    for (const bad of ['https://example.com/blog', 'example.com', 'ftp://example.com', 'https://a@example.com']) {
      expect(() => loadConfig({ SITE_URL: bad })).toThrow(/^Configuration: SITE_URL/);
    }
    const config = loadConfig({ CONTACT_TO: 'me@example.com' });
    expect(config.contactFrom).toBe('me@example.com');
    expect(loadConfig({ CONTACT_TO: 'me@example.com', CONTACT_FROM: 'site@example.com' }).contactFrom).toBe(
      'site@example.com',
    );
  });

  it('logs JSON in production, only problems under test, readable lines otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logs).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }).logs).toBe('quiet');
    expect(loadConfig({}).logs).toBe('readable');
  });

  it('serves previews on a port of their own, PORT+1 unless PREVIEW_PORT says, at PREVIEW_ORIGIN when given', () => {
    expect(loadConfig({})).toMatchObject({ previewPort: 8081, previewOrigin: null });
    expect(loadConfig({ PORT: '3000' }).previewPort).toBe(3001);
    // a random port for the site (tests): a random one for previews too
    expect(loadConfig({ PORT: '0' }).previewPort).toBe(0);
    expect(loadConfig({ PREVIEW_PORT: '9000', PREVIEW_ORIGIN: 'https://preview.example.net/' })).toMatchObject({
      previewPort: 9000,
      previewOrigin: 'https://preview.example.net',
    });
  });

  it("refuses a preview origin that is the site's, or one the API would take calls with cookies from", () => {
    expect(() => loadConfig({ PORT: '3000', PREVIEW_PORT: '3000' })).toThrow(
      /^Configuration: PREVIEW_PORT must be another port than PORT/,
    );
    expect(() => loadConfig({ PORT: '65535' })).toThrow(/^Configuration: PREVIEW_PORT must be set/);
    expect(() => loadConfig({ SITE_URL: 'https://example.com', PREVIEW_ORIGIN: 'https://example.com/' })).toThrow(
      /^Configuration: PREVIEW_ORIGIN must be another origin than SITE_URL/,
    );
    expect(() =>
      loadConfig({ PREVIEW_ORIGIN: 'https://preview.example.net', ALLOWED_ORIGINS: 'https://preview.example.net' }),
    ).toThrow(/^Configuration: ALLOWED_ORIGINS may not name PREVIEW_ORIGIN/);
    expect(() => loadConfig({ PREVIEW_ORIGIN: 'https://preview.example.net/x' })).toThrow(
      /^Configuration: PREVIEW_ORIGIN must be an origin/,
    );
  });

  it('is what the schema parses: every variable it reads is optional', () => {
    expect(appConfigSchema.parse({})).toEqual(loadConfig({}));
    expect(Object.values(environmentSchema.shape).every((variable) => variable.safeParse(undefined).success)).toBe(
      true,
    );
  });
});

describe('.env.example', () => {
  it('names exactly the variables the schema reads, each with a line saying what it means', () => {
    const file = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.env.example'),
      'utf8',
    );
    const lines = file.split('\n');
    const named = lines.flatMap((line, index) => {
      const name = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
      return name ? [{ name, comment: lines[index - 1] ?? '' }] : [];
    });
    expect(named.map(({ name }) => name).sort()).toEqual(Object.keys(environmentSchema.shape).sort());
    for (const { name, comment } of named) expect([name, comment]).toEqual([name, expect.stringMatching(/^# \S/)]);
  });

  it('gives the defaults the schema gives', () => {
    const file = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.env.example'),
      'utf8',
    );
    const values: Record<string, string> = Object.fromEntries(
      file.split('\n').flatMap((line) => {
        const found = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
        return found ? [[found[1] ?? '', found[2] ?? '']] : [];
      }),
    );
    expect(loadConfig(values)).toEqual(loadConfig({}));
  });
});
