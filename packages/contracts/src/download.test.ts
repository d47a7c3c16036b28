import { checkBody } from './body-check.js';
import { downloadRequestSchema } from './download.js';

const check = (body: unknown) => checkBody(downloadRequestSchema, body);

describe('downloadRequestSchema', () => {
  it('accepts the resume and nothing else', () => {
    expect(check({ resource: 'resume' })).toEqual({ ok: true, value: { resource: 'resume' } });
    for (const resource of ['cv', '../../etc/passwd', ['resume'], 42]) {
      expect(check({ resource })).toEqual({ ok: false, errors: { resource: 'Must be one of: resume.' } });
    }
  });

  it('says what is wrong with a missing resource, extra fields or a body that is no object', () => {
    expect(check({})).toEqual({ ok: false, errors: { resource: 'Required.' } });
    expect(check({ resource: 'resume', format: 'docx' })).toEqual({
      ok: false,
      errors: { body: 'Unknown fields: format.' },
    });
    for (const body of [undefined, null, [], 'resume', 42]) {
      expect(check(body)).toEqual({ ok: false, errors: { body: 'The body must be a JSON object.' } });
    }
  });
});
