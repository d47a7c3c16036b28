import { fileBesideManifest, serverFetchUrl } from './section-url.js';

describe("where the server fetches a section's URL", () => {
  const self = 'http://127.0.0.1:8080';
  const origins = { 'http://localhost:3001': 'http://mf-home', 'https://cdn.example.com': 'http://10.0.0.5:8081' };

  it('fetches root-relative URLs from itself and other origins as given', () => {
    expect(serverFetchUrl('/mf/home/server/manifest.json', self, origins)).toBe(
      'http://127.0.0.1:8080/mf/home/server/manifest.json',
    );
    expect(serverFetchUrl('https://about.example.com/server/manifest.json', self, origins)).toBe(
      'https://about.example.com/server/manifest.json',
    );
  });

  it("swaps a mapped browser origin for the server's, keeping path and query", () => {
    expect(serverFetchUrl('http://localhost:3001/server/manifest.json', self, origins)).toBe(
      'http://mf-home/server/manifest.json',
    );
    expect(serverFetchUrl('https://cdn.example.com/v2/remoteEntry.js?b=1', self, origins)).toBe(
      'http://10.0.0.5:8081/v2/remoteEntry.js?b=1',
    );
    // the origin must match exactly: another port is another host
    expect(serverFetchUrl('http://localhost:3002/server/manifest.json', self, origins)).toBe(
      'http://localhost:3002/server/manifest.json',
    );
  });

  it('keeps a path that starts with // on the mapped origin', () => {
    expect(serverFetchUrl('http://localhost:3001//evil.example/x.js', self, origins)).toBe(
      'http://mf-home//evil.example/x.js',
    );
  });
});

describe('a file a manifest names, beside the manifest', () => {
  const manifest = 'http://127.0.0.1:8080/sections/about/0123456789abcdef/server/manifest.json';

  it('resolves a file of the folder or below it', () => {
    expect(fileBesideManifest('remoteEntry.1a2b.js', manifest)).toBe(
      'http://127.0.0.1:8080/sections/about/0123456789abcdef/server/remoteEntry.1a2b.js',
    );
    expect(fileBesideManifest('./chunks/1.js', manifest)).toBe(
      'http://127.0.0.1:8080/sections/about/0123456789abcdef/server/chunks/1.js',
    );
  });

  it('refuses another host, an absolute path, a climb out, backslashes, a query, or the folder itself', () => {
    for (const ref of [
      '//another.host/x.js',
      'https://another.host/x.js',
      '\\\\another.host\\x.js',
      '/x.js',
      '../remoteEntry.js',
      '%2e%2e/%2e%2e/x.js',
      'x.js?v=1',
      'x.js#y',
      './',
      'data:text/javascript,1',
      'http://[::1',
    ])
      expect([ref, fileBesideManifest(ref, manifest)]).toEqual([ref, null]);
  });
});
