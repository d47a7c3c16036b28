import { checkContactMessage, contactLimits } from './contact.js';

const valid = {
  fName: 'Ada',
  lName: 'Lovelace',
  email: 'ada@example.com',
  org: '',
  subject: 'Hello',
  message: 'Line one\nLine two',
};

describe('checkContactMessage', () => {
  it('accepts a complete message, trims it and defaults the optional company', () => {
    const { org: _org, ...withoutOrg } = valid;
    expect(checkContactMessage({ ...withoutOrg, fName: '  Ada ' })).toEqual({
      ok: true,
      value: { ...valid, org: '' },
    });
  });

  it('names every missing or empty required field', () => {
    const result = checkContactMessage({ fName: ' ', email: 'ada@example.com' });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(['fName', 'lName', 'message', 'subject']);
  });

  it('refuses a malformed email address', () => {
    for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com']) {
      const result = checkContactMessage({ ...valid, email });
      expect([email, !result.ok && result.errors.email]).toEqual([email, 'Must be an email address.']);
    }
  });

  it('refuses line breaks in anything that reaches a mail header, but not in the message', () => {
    for (const field of ['fName', 'lName', 'email', 'subject', 'org'] as const) {
      const result = checkContactMessage({ ...valid, [field]: 'a\r\nBcc: victim@example.com' });
      expect([field, result.ok]).toEqual([field, false]);
    }
    expect(checkContactMessage({ ...valid, message: 'a\r\nb\tc' }).ok).toBe(true);
    expect(checkContactMessage({ ...valid, message: 'a\u0000b' }).ok).toBe(false);
  });

  it('enforces the length limits', () => {
    const result = checkContactMessage({ ...valid, subject: 'x'.repeat(contactLimits.subject + 1) });
    expect(!result.ok && result.errors.subject).toBe(`At most ${contactLimits.subject} characters.`);
    expect(checkContactMessage({ ...valid, message: 'x'.repeat(contactLimits.message) }).ok).toBe(true);
  });

  it('refuses unknown fields, wrong types and bodies that are not objects', () => {
    const extra = checkContactMessage({ ...valid, admin: true });
    expect(!extra.ok && extra.errors.body).toBe('Unknown fields: admin.');
    const typed = checkContactMessage({ ...valid, fName: 42 });
    expect(!typed.ok && typed.errors.fName).toBe('Must be text.');
    for (const body of [null, [], 'text', 3, undefined]) {
      const result = checkContactMessage(body);
      expect(!result.ok && Object.keys(result.errors)).toEqual(['body']);
    }
  });
});
