import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for reCAPTCHA siteverify. The token says what to answer:
 * "good..." success on 127.0.0.1, "elsewhere..." success on another host, "down..." HTTP 503, anything else failure.
 * With `mailbox`, GET /mails lists it, for tests that run in another process than the SMTP sink.
 */
export async function startFakeSiteverify(options: { port?: number; mailbox?: readonly unknown[] } = {}) {
  const seen: Array<{ secret: string | null; response: string | null }> = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/mails' && options.mailbox) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(options.mailbox));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
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
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
