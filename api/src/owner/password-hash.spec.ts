import { hashPassword, lowestCost, verifyPassword } from './password-hash.js';

describe('the owner password hash', () => {
  it('is a salted scrypt hash carrying its cost, different each time, that verifies only its password', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correct horse battery'),
      hashPassword('correct horse battery'),
    ]);
    expect(first).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(first).not.toBe(second); // another salt
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse battery', second)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('verifies a hash of the lowest cost it takes (the API tests log in with one), and refuses one below it', async () => {
    const cheap = await hashPassword('correct horse battery', lowestCost);
    expect(cheap).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    expect(await verifyPassword('correct horse batterY', cheap)).toBe(false);
    const below = await hashPassword('correct horse battery', { ...lowestCost, N: lowestCost.N / 2 });
    expect(await verifyPassword('correct horse battery', below)).toBe(false);
  });

  it('treats a composed and a decomposed accent as the same password (NFC)', async () => {
    const hash = await hashPassword('caf\u00e9 au lait, please');
    expect(await verifyPassword('cafe\u0301 au lait, please', hash)).toBe(true);
  });

  it('refuses, without stalling, a stored value it cannot read or whose cost was tampered with', async () => {
    const hash = await hashPassword('correct horse battery');
    const [, , salt, key] = hash.split('$');
    for (const stored of [
      '',
      'plain text password',
      `bcrypt$N=32768,r=8,p=1$${salt}$${key}`,
      `scrypt$N=3000,r=8,p=1$${salt}$${key}`, // not a power of two
      `scrypt$N=1073741824,r=8,p=1$${salt}$${key}`, // 2^30: a gigabyte per try
      `scrypt$N=32768,r=1000,p=1$${salt}$${key}`,
      `scrypt$N=32768,r=8,p=1$${salt}$`,
      `scrypt$N=32768,r=8,p=1$${salt}$${key?.slice(0, 40)}`, // a shorter key never matches
    ]) {
      expect([stored.slice(0, 30), await verifyPassword('correct horse battery', stored)]).toEqual([
        stored.slice(0, 30),
        false,
      ]);
    }
  });
});
