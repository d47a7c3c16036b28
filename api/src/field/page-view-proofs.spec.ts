import { createHmac } from 'node:crypto';
import type { AppConfig } from '../config/app-config.js';
import type { Database } from '../storage/database.js';
import { PageViewProofs, proofLifetimeMs } from './page-view-proofs.js';

// With COOKIE_SECRET set, the proofs' key comes from it: no database is asked
const proofs = (secret: string) => new PageViewProofs({ cookieSecret: secret } as AppConfig, {} as Database);

describe('page view proofs', () => {
  const builds = { about: '0123456789abcdef', home: 'home-1' };
  const visits = [{ experiment: 3, section: 'about' as const, candidate: true, share: 20 }];

  it('says what the server sent: the builds and first visits, a new nonce each time', async () => {
    const signer = proofs('one secret');
    const [first, second] = [await signer.issue(builds, visits, 1_000_000), await signer.issue(builds, [], 1_000_000)];
    const view = await signer.verify(first, 1_000_000 + 60_000);
    expect(view).toEqual({
      nonce: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      issuedAt: 1_000_000,
      builds,
      firstVisits: visits,
    });
    const other = await signer.verify(second, 1_000_000);
    expect(typeof other === 'object' && typeof view === 'object' && other.nonce !== view.nonce).toBe(true);
    expect(PageViewProofs.header(first)).toBe(`pv;desc="${first}"`);
  });

  it("signs with HMAC-SHA256 under a key derived from the site's secret (node:crypto's createHmac agrees)", async () => {
    const proof = await proofs('one secret').issue(builds, visits, 1_000_000);
    const [payload, mac] = proof.split('.');
    const key = createHmac('sha256', 'one secret').update('page-view-proof').digest();
    const expected = createHmac('sha256', key)
      .update(payload ?? '')
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(mac).toBe(expected);
  });

  it('refuses a proof of another secret, a changed one, and one past its hour or from the future', async () => {
    const signer = proofs('one secret');
    const proof = await signer.issue(builds, visits, 1_000_000);
    expect(await proofs('another secret').verify(proof, 1_000_000)).toBe('forged');
    const [payload, mac] = proof.split('.');
    const changed = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace('"about"', '"resume"'),
    ).toString('base64url');
    expect(await signer.verify(`${changed}.${mac}`, 1_000_000)).toBe('forged');
    expect(await signer.verify(`${payload}.${mac}.x`, 1_000_000)).toBe('malformed');
    expect(await signer.verify(proof, 1_000_000 + proofLifetimeMs - 1)).toMatchObject({ issuedAt: 1_000_000 });
    expect(await signer.verify(proof, 1_000_000 + proofLifetimeMs)).toBe('expired');
    expect(await signer.verify(proof, 1_000_000 - 120_000)).toBe('expired');
  });
});
