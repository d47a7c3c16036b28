import type { ActionFunctionArgs } from 'react-router-dom';
import { contactAction } from './contact-action';

const message = { fName: 'Ada', lName: 'Lovelace', email: 'ada@example.com', org: '', subject: 'Hi', message: 'Hello' };
// jsdom has no Request or Response: the action and postJson use only these parts of them
const post = (body: unknown = message, method = 'POST') => ({ request: { method, json: async () => body } }) as unknown as ActionFunctionArgs;
const answer = (status: number, body: unknown) => ({ status, ok: status < 300, json: async () => body });

describe('contactAction (SPEC call 2, whose work is call 3)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('posts the message as JSON with credentials and answers sent with the contact id', async () => {
    const fetch = jest.fn().mockResolvedValue(answer(200, { contactID: 12 }));
    globalThis.fetch = fetch;
    expect(await contactAction(post())).toEqual({ status: 'sent', contactID: '12' });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(message) });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('answers error for any other status and local-error when the request fails', async () => {
    globalThis.fetch = jest.fn().mockResolvedValue(answer(403, {}));
    expect(await contactAction(post())).toEqual({ status: 'error', httpStatus: 403 });
    globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await contactAction(post())).toEqual({ status: 'local-error' });
  });

  it('returns nothing for methods other than POST', async () => {
    expect(await contactAction(post(message, 'PUT'))).toBeNull();
  });
});
