import { pageLimits, proofTimingName, beaconPath } from '@portfolio/contracts/field-beacon';
import { conversionEventType, sectionFailedEventType } from '@portfolio/contracts/field-signals';
import { collectField, errorOf } from './field-collector';

const messageOf = (error: unknown) => errorOf(error).message;
import type { FieldSignal } from './measure-field';

// jsdom measures nothing: each metric reports once at once, LCP twice (as after the page was shown again)
jest.mock('web-vitals', () => {
  const metric =
    (name: string, value: number, times = 1) =>
    (report: (metric: object) => void) => {
      for (let time = 0; time < times; time += 1) report({ id: `v5-${name}`, name, value });
    };
  return {
    onLCP: metric('LCP', 1234.6, 2),
    onINP: metric('INP', 48),
    onCLS: metric('CLS', 0.123456),
    onTTFB: metric('TTFB', 80.2),
  };
});

/** The page's response as the server sends it: its proof in a Server-Timing entry (jsdom has no navigation entry). */
function pageWithProof(proof: string | null) {
  const timing = [
    { name: 'other', description: 'x' },
    ...(proof === null ? [] : [{ name: proofTimingName, description: proof }]),
  ];
  const entries = (type: string) => (type === 'navigation' ? [{ serverTiming: timing }] : []);
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: entries });
}

describe('errorOf: an error as the field measurements send it', () => {
  it("sends its stack's lines, their URLs' query strings cut, at most the limit; '' without one", () => {
    const error = new TypeError('photos is undefined');
    error.stack = `TypeError: photos is undefined\n    at r (https://s.example/sections/about/0123456789abcdef/a.1.js:1:20)\n    at https://s.example/about?email=a@b.c:3:4\tx`;
    expect(errorOf(error)).toEqual({
      message: 'TypeError: photos is undefined',
      stack: `TypeError: photos is undefined\n    at r (https://s.example/sections/about/0123456789abcdef/a.1.js:1:20)\n    at https://s.example/about x`,
    });
    error.stack = 'x'.repeat(5000);
    expect(errorOf(error).stack).toHaveLength(pageLimits.stackChars);
    expect(errorOf('just text')).toEqual({ message: 'just text', stack: '' });
    expect(errorOf({ stack: 'at line\u0007 2\n next' }).stack).toBe('at line  2\n next');
    const hostile = new Error('boom');
    Object.defineProperty(hostile, 'stack', {
      get() {
        throw new Error('no');
      },
    });
    expect(errorOf(hostile).message).toBe('Error: boom');
  });

  it('keeps the kind and message, and cuts every URL query string and absolute URL fragment', () => {
    const error = new TypeError('failed https://api.example.com/v1/x?token=secret#part and /local/path?email=a@b.c');
    expect(messageOf(error)).toBe('TypeError: failed https://api.example.com/v1/x and /local/path');
  });

  it('makes one line of at most the limit, whatever was thrown', () => {
    expect(messageOf(new Error(`a\nb\t${'x'.repeat(500)}`))).toHaveLength(pageLimits.messageChars);
    expect(messageOf(new Error('line one\r\nline two'))).toBe('Error: line one line two');
    expect(messageOf('just text')).toBe('just text');
    expect(messageOf(Object.create(null))).toBe('Error');
    expect(messageOf('   ')).toBe('Error');
  });
});

describe('collectField: what the page heard, as it is sent', () => {
  it('sends the landing view, its vitals once each, and each signal against its own route, when the page goes', () => {
    const sendBeacon = jest.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    const routeIds: Record<string, string> = { '/': 'home', '/projects': 'projects', '/owner/inbox': 'owner-inbox' };
    const heard: FieldSignal[] = [
      [new ErrorEvent('error', { error: new TypeError('broken at /x?email=a@b.c') }), '/'],
      [Object.assign(new Event('unhandledrejection'), { reason: 'refused' }), '/projects'],
      [new CustomEvent(sectionFailedEventType, { detail: 'projects' }), '/projects'],
      [new CustomEvent(conversionEventType, { detail: 'door-followed' }), '/'],
      [new ErrorEvent('error', { message: 'in the owner area' }), '/owner/inbox'],
    ];
    pageWithProof('payload.mac');
    collectField({
      routeIdOf: (path) => routeIds[path],
      take: (handler) => heard.forEach(handler),
    });
    expect(sendBeacon).not.toHaveBeenCalled();
    dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe(beaconPath);
    expect(JSON.parse(body ?? 'null')).toEqual({
      proof: 'payload.mac',
      events: [
        { kind: 'view', route: 'home' },
        { kind: 'vital', route: 'home', name: 'LCP', value: 1235 },
        { kind: 'vital', route: 'home', name: 'INP', value: 48 },
        { kind: 'vital', route: 'home', name: 'CLS', value: 0.1235 },
        { kind: 'vital', route: 'home', name: 'TTFB', value: 80 },
        {
          kind: 'error',
          route: 'home',
          message: 'TypeError: broken at /x',
          stack: expect.stringMatching(/^TypeError: broken at \/x\n {4}at /) as unknown,
        },
        { kind: 'error', route: 'projects', message: 'refused', stack: '' },
        { kind: 'section-failed', route: 'projects', section: 'projects' },
        { kind: 'conversion', route: 'home', name: 'door-followed' },
      ],
    });
  });
});

describe('collectField: batches', () => {
  it('sends a batch the moment it is full, the rest when the page goes, and no more than a page may send', () => {
    const sendBeacon = jest.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    // the landing route is not measured (no vitals, no view): only the 150 errors heard on a measured one
    const heard: FieldSignal[] = Array.from({ length: 150 }, (_, index) => [
      new ErrorEvent('error', { message: `failure ${index}` }),
      '/projects',
    ]);
    pageWithProof('payload.mac');
    collectField({
      routeIdOf: (path) => (path === '/projects' ? 'projects' : undefined),
      take: (handler) => heard.forEach(handler),
    });
    dispatchEvent(new Event('pagehide'));
    const batches = sendBeacon.mock.calls.map(([, body]) => (JSON.parse(body) as { events: unknown[] }).events);
    expect(batches.map((events) => events.length)).toEqual(Array(100 / pageLimits.events).fill(pageLimits.events));
    expect(batches.flat().at(-1)).toEqual({ kind: 'error', route: 'projects', message: 'failure 99', stack: '' });
  });
});

describe('collectField: a page without a proof', () => {
  it('sends nothing: the server did not send this page to be measured', () => {
    const sendBeacon = jest.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    pageWithProof(null);
    const heard: FieldSignal[] = [[new ErrorEvent('error', { message: 'boom' }), '/projects']];
    collectField({ routeIdOf: () => 'projects', take: (handler) => heard.forEach(handler) });
    dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
