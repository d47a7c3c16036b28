import resumeData from '@portfolio/content/resume.json' with { type: 'json' };
import { resumeFileName, type ResumeData } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import { comparable, pdfText } from './pdf-text.js';
import { startApp, type RunningApp } from './start-app.js';

const resume: ResumeData = resumeData;

describe('POST /api/download over HTTP', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    fetch(`${app.baseUrl}/api/download`, { method: 'POST', headers, body });

  it('answers the resume as a PDF attachment built from the Resume page data', async () => {
    const response = await post(JSON.stringify({ resource: 'resume' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${resumeFileName(siteConfig.ownerName)}"`,
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(pdf.length);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = comparable(pdfText(pdf));
    expect(text).toContain(comparable(siteConfig.ownerName));
    expect(text).toContain(comparable(resume.summary));
    for (const item of resume.resumeBody.experience) expect(text).toContain(comparable(item.company));
  });

  it('builds the PDF once and serves the same bytes to every request', async () => {
    const bodies = await Promise.all(
      [1, 2, 3].map(async () => Buffer.from(await (await post('{"resource":"resume"}')).arrayBuffer())),
    );
    expect(bodies[1]!.equals(bodies[0]!)).toBe(true);
    expect(bodies[2]!.equals(bodies[0]!)).toBe(true);
  });

  it.each([
    ['no resource', '{}', 400, 'Invalid fields: resource.'],
    ['an unknown resource', '{"resource":"cv"}', 400, 'Invalid fields: resource.'],
    ['a path for a resource', '{"resource":"../../package.json"}', 400, 'Invalid fields: resource.'],
    ['a resource that is not a string', '{"resource":["resume"]}', 400, 'Invalid fields: resource.'],
    ['an extra field', '{"resource":"resume","format":"docx"}', 400, 'Unknown fields: format.'],
    ['an array body', '["resume"]', 400, 'The body must be a JSON object.'],
    ['malformed JSON', '{"resource": "resume"', 400, 'The body must be a JSON object.'],
    ['a JSON string body', '"resume"', 400, 'The body must be a JSON object.'],
    ['an empty body', '', 400, 'Invalid fields: resource.'],
    [
      'an oversized body',
      JSON.stringify({ resource: 'resume', padding: 'x'.repeat(20_000) }),
      413,
      'The body must be at most 16kb.',
    ],
  ])('refuses %s with a JSON %i', async (_case, body, status, message) => {
    const started = Date.now();
    const response = await post(body);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ statusCode: status, message });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("names the wrong field and says why, in the API's one error shape", async () => {
    const response = await post('{"resource":"cv"}');
    expect(await response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid fields: resource.',
      fields: { resource: 'Must be one of: resume.' },
    });
  });

  it('refuses a body that is not JSON with a 415', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'resource=resume'],
      ['text/plain', '{"resource":"resume"}'],
    ] as const) {
      const response = await post(body, { 'Content-Type': type });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ statusCode: 415 });
    }
  });

  it('has no other way in: GET is a JSON 404', async () => {
    const response = await fetch(`${app.baseUrl}/api/download?resource=resume`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
