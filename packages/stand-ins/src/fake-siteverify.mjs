// @ts-check
import { createServer } from 'node:http';

/**
 * A local stand-in for reCAPTCHA siteverify. The token says what to answer:
 * "good..." success on 127.0.0.1, "elsewhere..." success on another host, "down..." HTTP 503, anything else failure.
 * With `mailbox`, GET /mails lists it, for tests that run in another process than the SMTP sink.
 * @param {{ port?: number, mailbox?: readonly unknown[] }} [options]
 */
export async function startFakeSiteverify(options = {}) {
  /** @type {Array<{ secret: string | null, response: string | null }>} */
  const seen = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/mails' && options.mailbox) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(options.mailbox));
      return;
    }
    let body = '';
    req.on('data', (/** @type {Buffer} */ chunk) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const token = form.get('response') ?? '';
      seen.push({ secret: form.get('secret'), response: token });
      if (token.startsWith('down')) return void res.writeHead(503).end('unavailable');
      const answer = token.startsWith('good')
        ? { success: true, hostname: '127.0.0.1', challenge_ts: new Date().toISOString() }
        : token.startsWith('elsewhere')
          ? { success: true, hostname: 'attacker.example', challenge_ts: new Date().toISOString() }
          : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    seen,
    /** @returns {Promise<void>} */
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
