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
    expect(config.rateLimit).toEqual({ windowMs: 60_000, verify: 10, contact: 5, download: 30 });
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

  it('refuses settings it cannot honour, at start-up', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ CONTACT_TO: 'owner' })).toThrow(/CONTACT_TO/);
    expect(() => loadConfig({ RATE_LIMIT_CONTACT: '0' })).toThrow(/RATE_LIMIT_CONTACT/);
    expect(() => loadConfig({ CSP_REMOTE_ORIGINS: 'javascript:alert(1)' })).toThrow(/CSP_REMOTE_ORIGINS/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/site' })).toThrow(/DATABASE_URL/);
  });
});
