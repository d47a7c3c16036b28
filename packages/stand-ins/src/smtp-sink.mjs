// @ts-check
import { SMTPServer } from 'smtp-server';

/**
 * @typedef {object} ReceivedMail
 * @property {string} from
 * @property {string[]} to
 * @property {string} raw
 */

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives. Port 0: any free port.
 * `delayMs` holds each message that long before accepting it (a slow mail server).
 * @param {number} [port]
 * @param {{ delayMs?: number }} [options]
 */
export async function startSmtpSink(port = 0, options = {}) {
  /** @type {ReceivedMail[]} */
  const mails = [];
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // a real server may look the client up; here it only costs each connection a DNS timeout
    disableReverseLookup: true,
    onData(stream, session, callback) {
      receiving += 1;
      let raw = '';
      stream.on('data', (/** @type {Buffer} */ chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        setTimeout(() => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          receiving -= 1;
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    /** How many messages are being received (or held by `delayMs`) right now. */
    get receiving() {
      return receiving;
    },
    /** @returns {Promise<void>} */
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
