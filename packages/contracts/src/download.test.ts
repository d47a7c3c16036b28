import { downloadRequestSchema } from './download.js';

const messagesFor = (input: unknown) => {
  const result = downloadRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('downloadRequestSchema', () => {
  it('accepts the resume and nothing else', () => {
    expect(downloadRequestSchema.parse({ resource: 'resume' })).toEqual({ resource: 'resume' });
    expect(messagesFor({ resource: 'cv' })).toEqual(['resource must be one of: resume']);
    expect(messagesFor({ resource: '../../etc/passwd' })).toEqual(['resource must be one of: resume']);
    expect(messagesFor({ resource: ['resume'] })).toEqual(['resource must be one of: resume']);
  });

  it('says what is wrong with a missing resource, extra fields or a body that is no object', () => {
    expect(messagesFor({})).toEqual(['resource is required']);
    expect(messagesFor({ resource: 'resume', format: 'docx' })).toEqual(['unknown field(s): format']);
    for (const body of [undefined, null, [], 'resume', 42]) {
      expect(messagesFor(body)).toEqual(['the body must be a JSON object']);
    }
  });
});
