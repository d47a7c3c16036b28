import { siteConfig } from '@portfolio/contracts/site-config';
import { googleSiteverifyUrl, googleTestKeys, loadConfig } from './app-config.js';

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
});
