import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { standInPorts } from './ports';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * The captcha provider's siteverify and the owner's mail server, on this machine. The token says what
 * siteverify answers: "good..." success on 127.0.0.1, "down..." HTTP 503, anything else a refusal.
 * GET /mails lists what the SMTP server received, for the tests (which run in other processes).
 */
export async function startStandIns(): Promise<() => Promise<void>> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  const http: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/mails') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mails));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const token = new URLSearchParams(body).get('response') ?? '';
      if (token.startsWith('down')) return void res.writeHead(503).end('unavailable');
      const answer = token.startsWith('good')
        ? { success: true, hostname: '127.0.0.1', challenge_ts: new Date().toISOString() }
        : { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => smtp.listen(standInPorts.smtp, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => http.listen(standInPorts.siteverify, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
