import type { IncomingMessage } from 'node:http';
import { publicOrigin, publicOriginAt, selfOriginOf } from './origins.js';

/** A request that came in on `localPort`, with the headers a client may forge. */
const requestOn = (localPort: number) =>
  ({
    socket: { localPort },
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  }) as unknown as IncomingMessage;

describe("the server's origins", () => {
  it('public: SITE_URL, else localhost at the port the server listens on, whatever the headers', () => {
    expect(publicOriginAt({ siteUrl: 'https://portfolio.example' }, 3000)).toBe('https://portfolio.example');
    expect(publicOriginAt({ siteUrl: null }, 3000)).toBe('http://localhost:3000');
    expect(publicOrigin({ siteUrl: null }, requestOn(4123))).toBe('http://localhost:4123');
    expect(publicOrigin({ siteUrl: 'https://portfolio.example' }, requestOn(4123))).toBe('https://portfolio.example');
  });

  it('self: the loopback socket the request came in on, never SITE_URL nor a header', () => {
    expect(selfOriginOf(requestOn(4123))).toBe('http://127.0.0.1:4123');
  });
});
