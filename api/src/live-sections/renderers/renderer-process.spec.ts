import { IdleTime, pathOnSite, redirectOnSite, spinWindowMs } from './renderer-process.js';

describe("what a renderer's answer may say about the site's URLs", () => {
  const page = 'http://127.0.0.1:4300/projects/project/99?ref=x';

  it('keeps a redirect on the page origin, as a path', () => {
    expect(redirectOnSite('/projects', page)).toBe('/projects');
    expect(redirectOnSite('../2', page)).toBe('/projects/2');
    expect(redirectOnSite('http://127.0.0.1:4300/about?x=1#top', page)).toBe('/about?x=1#top');
  });

  it('refuses a redirect off the site', () => {
    for (const location of [
      'https://evil.example/',
      '//evil.example/x',
      '\\\\evil.example/x',
      '/\\evil.example/x',
      'http://127.0.0.1:4301/',
      'javascript:alert(1)',
    ])
      expect([location, redirectOnSite(location, page)]).toEqual([location, null]);
  });

  it('takes sitemap paths that are paths of the site, nothing else', () => {
    for (const good of ['/', '/about', '/projects/project/1', '/projects?tag=a%20b'])
      expect(pathOnSite(good)).toBe(true);
    for (const bad of [
      '//evil.example/x',
      'https://evil.example/',
      'about',
      '/\\evil.example',
      '/a b',
      '/a\nb',
      '/./about',
      '/x/../about',
      '',
    ])
      expect([bad, pathOnSite(bad)]).toEqual([bad, false]);
  });
});

describe("the watchdog's judgement of a renderer's time between renders", () => {
  /** Looks of (busy ms, elapsed ms, idle) in turn: the reason of the first that ends it, and at which look. */
  const judged = (looks: Array<[number, number, boolean]>) => {
    const idleTime = new IdleTime();
    for (const [index, [busy, elapsed, idle]] of looks.entries()) {
      const reason = idleTime.look(busy, elapsed, idle);
      if (reason) return { at: index, reason };
    }
    return null;
  };
  const spinner = (seconds: number): Array<[number, number, boolean]> =>
    Array.from({ length: seconds }, () => [890, 1000, true]);

  it('ends code that spins once it has spun for 3 s with nothing to answer', () => {
    expect(judged(spinner(10))).toEqual({
      at: spinWindowMs / 1000 - 1,
      reason: 'it kept its main thread busy 2670 ms of 3000 between renders',
    });
  });

  it('ends code that starts spinning after hours of rest', () => {
    const rest = Array.from({ length: 36_000 }, (): [number, number, boolean] => [1, 1000, true]);
    expect(judged([...rest, ...spinner(4)])?.at).toBe(rest.length + 1);
  });

  it('leaves a renderer whose work waited long for a core on a loaded host, or was looked at late', () => {
    // both were seen at load 20 with one-second looks: a sample section's renderer, done with its renders
    expect(
      judged([
        [506, 1000, true],
        [40, 1000, true],
        [10, 1000, true],
        [2, 1000, true],
      ]),
    ).toBeNull();
    expect(
      judged([
        [528, 1000, false],
        [528, 1000, true],
        [0, 1000, true],
        [528, 1000, true],
      ]),
    ).toBeNull();
    expect(
      judged([
        [900, 2600, true],
        [30, 1000, true],
      ]),
    ).toBeNull();
  });

  it('judges only time with nothing to answer: a render starts the span again', () => {
    const rendering: Array<[number, number, boolean]> = [
      [900, 1000, true],
      [900, 1000, true],
      [900, 1000, false],
    ];
    expect(judged([...rendering, ...rendering, [900, 1000, true], [900, 1000, true]])).toBeNull();
  });
});
