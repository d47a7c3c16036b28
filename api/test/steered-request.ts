import { request } from 'node:http';

/** What a stranger sends to steer the site's URLs: another host, directly and through proxy headers. */
export const strangersHeaders = {
  Host: 'evil.example',
  'X-Forwarded-Host': 'evil.example',
  'X-Forwarded-Proto': 'https',
} as const;

/**
 * A GET over real HTTP with any headers, Host included (fetch() always sends the URL's own host).
 * Answers the status, headers and body as text.
 */
export function rawGet(
  baseUrl: string,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: urlPath, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every absolute URL in a text (attributes, XML, plain text), in order. */
export const absoluteUrls = (text: string): string[] => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
