import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import type { SectionState } from '@portfolio/contracts/page-render';

/**
 * The renderers' lifecycle on a fake clock: which renderer processes run, when, without a visitor. A renderer here
 * is a stand-in for the process (renderer-process.ts, tested with real processes in api/test): it starts when
 * told, and ends when ended or made to fail.
 */
class FakeRenderer {
  static made: FakeRenderer[] = [];
  readonly ready: Promise<{ loaded: boolean }>;
  readonly exited: Promise<void>;
  startedAt = Date.now();
  lastUsedAt = Date.now();
  failure: string | null = null;
  serving = false;
  dead = false;
  busy = false;
  private markReady: (value: { loaded: boolean }) => void = () => undefined;
  private markExited: () => void = () => undefined;

  constructor(
    readonly label: string,
    readonly start: { section: string | null },
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    FakeRenderer.made.push(this);
  }

  /** Its process is up, its section's code loaded. */
  started(): void {
    this.serving = true;
    this.markReady({ loaded: true });
  }

  /** It dies of its own fault (a crash, its memory cap). */
  crash(): void {
    this.failure = 'it ended (SIGKILL)';
    this.dead = true;
    this.serving = false;
    this.markExited();
  }

  end(): Promise<void> {
    this.dead = true;
    this.serving = false;
    this.markExited();
    return this.exited;
  }
}

jest.unstable_mockModule('./renderer-process.js', () => ({ RendererProcess: FakeRenderer }));
const { SectionRenderers } = await import('./section-renderers.js');

const idleMs = 60_000;
const siteDir = mkdtempSync(path.join(tmpdir(), 'portfolio-renderers-'));
mkdirSync(path.join(siteDir, 'shell/dist/server'), { recursive: true });
writeFileSync(path.join(siteDir, 'shell/dist/index.html'), '<!doctype html>');
writeFileSync(path.join(siteDir, 'shell/dist/server/render.js'), '');

const build = (name: 'home' | 'about', version: string): SectionState => ({
  name,
  version,
  browserEntry: `/sections/${name}/${version}/remoteEntry.js`,
  serverEntry: `http://127.0.0.1/sections/${name}/${version}/server/remoteEntry.js`,
  styles: [],
});
const live = [build('home', 'h1'), build('about', 'a1')];
const liveRenderers = [
  { sections: live, section: 'home' as const },
  { sections: live, section: 'about' as const },
  { sections: live, section: null },
];

/** The renderers alive now, by what they run. */
const alive = () =>
  FakeRenderer.made.filter((renderer) => !renderer.dead).map((renderer) => renderer.start.section ?? 'shell');
/** Lets the promises settled by the fake clock's timers run. */
const settle = async () => {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
};
const startAll = async () => {
  for (const renderer of FakeRenderer.made) if (!renderer.dead && !renderer.serving) renderer.started();
  await settle();
};

let renderers: InstanceType<typeof SectionRenderers>;
beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse('2026-12-01T08:00:00Z') });
  FakeRenderer.made = [];
  renderers = new SectionRenderers({ siteBuildDir: siteDir, rendererIdleMs: idleMs } as never, {} as never);
});
afterEach(async () => {
  await renderers.onModuleDestroy();
  jest.useRealTimers();
});

describe('the renderers of what visitors get', () => {
  it('start as soon as they are kept, without a visitor', async () => {
    renderers.keep(liveRenderers);
    expect(alive()).toEqual(['home', 'about', 'shell']);
    await startAll();
    expect(FakeRenderer.made.every((renderer) => renderer.serving)).toBe(true);
  });

  it('stay after an hour without a visitor, and are the ones a page gets', async () => {
    renderers.keep(liveRenderers);
    await startAll();
    const home = renderers.rendererFor(live, 'home');
    for (let minute = 0; minute < 60; minute += 1) {
      jest.advanceTimersByTime(60_000);
      renderers.keep(liveRenderers);
      await settle();
    }
    expect(alive()).toEqual(['home', 'about', 'shell']);
    expect(renderers.rendererFor(live, 'home')).toBe(home);
    expect(FakeRenderer.made).toHaveLength(3);
  });

  it('start again by themselves after a crash, once the backoff is over, on a site without visitors', async () => {
    renderers.keep(liveRenderers);
    await startAll();
    jest.advanceTimersByTime(60 * 60_000);
    const [home] = FakeRenderer.made;
    home?.crash();
    await settle();
    expect(alive()).toEqual(['about', 'shell']);
    // 2 s of backoff after a first failure, and no visitor meanwhile
    jest.advanceTimersByTime(1999);
    expect(alive()).toEqual(['about', 'shell']);
    jest.advanceTimersByTime(1);
    expect(alive()).toEqual(['about', 'shell', 'home']);
  });

  it('are renewed once idle after rendering: a fresh one takes the place when ready, the old one then ends', async () => {
    renderers.keep(liveRenderers);
    await startAll();
    const old = renderers.rendererFor(live, 'about');
    renderers.succeeded(old as never);
    jest.advanceTimersByTime(idleMs + 5000);
    await settle();
    const fresh = FakeRenderer.made.at(-1);
    expect(fresh?.start.section).toBe('about');
    // until the fresh one is ready, pages go to the old one
    expect(renderers.rendererFor(live, 'about')).toBe(old);
    fresh?.started();
    await settle();
    expect(renderers.rendererFor(live, 'about')).toBe(fresh);
    expect((old as unknown as FakeRenderer).dead).toBe(true);
    // one that rendered nothing since is not renewed again, nor for pages rendered ahead (for no visitor)
    renderers.succeeded(fresh as never, { visitor: false });
    jest.advanceTimersByTime(10 * idleMs);
    await settle();
    expect(FakeRenderer.made).toHaveLength(4);
  });

  it('hand over to the new build at a promote: the old build ends once idle, the new one is started at once', async () => {
    renderers.keep(liveRenderers);
    await startAll();
    const promoted = [build('home', 'h1'), build('about', 'a2')];
    renderers.keep([
      { sections: promoted, section: 'home' },
      { sections: promoted, section: 'about' },
      { sections: promoted, section: null },
    ]);
    expect(alive()).toEqual(['home', 'about', 'shell', 'about']);
    await startAll();
    jest.advanceTimersByTime(idleMs + 5000);
    await settle();
    expect(alive()).toEqual(['home', 'shell', 'about']);
    expect(FakeRenderer.made.find((renderer) => !renderer.dead && renderer.start.section === 'about')?.label).toBe(
      'Section about (a2) renderer',
    );
  });
});

describe('any other renderer (a preview, a check)', () => {
  it('starts on its first request and ends once idle', async () => {
    renderers.keep(liveRenderers);
    await startAll();
    const preview = [build('home', 'h1'), build('about', 'preview')];
    expect(renderers.rendererFor(preview, 'about')?.label).toBe('Section about (preview) renderer');
    await startAll();
    expect(alive()).toHaveLength(4);
    jest.advanceTimersByTime(idleMs + 5000);
    await settle();
    expect(alive()).toEqual(['home', 'about', 'shell']);
  });

  it('never ends one that is busy (rendering, or awaited by a caller) for room: it ends once its renders are answered', async () => {
    renderers.keep(liveRenderers);
    await startAll();
    const made = (version: string) =>
      renderers.rendererFor([build('home', 'h1'), build('about', version)], 'about') as unknown as FakeRenderer;
    const first = made('p1');
    await startAll();
    first.busy = true;
    jest.advanceTimersByTime(1000);
    const second = made('p2');
    await startAll();
    second.busy = true;
    jest.advanceTimersByTime(1000);
    // a third: the least recently used gives up its place, but is not ended under its caller
    made('p3');
    await startAll();
    expect([first.dead, second.dead]).toEqual([false, false]);
    first.busy = false;
    jest.advanceTimersByTime(5000);
    await settle();
    expect([first.dead, second.dead]).toEqual([true, false]);
  });

  it('are two at most beside the kept ones: the least recently used ends first, never a kept one', async () => {
    renderers.keep(liveRenderers);
    await startAll();
    const labels = () => FakeRenderer.made.filter((renderer) => !renderer.dead).map((renderer) => renderer.label);
    for (const version of ['p1', 'p2', 'p3', 'p4']) {
      renderers.rendererFor([build('home', 'h1'), build('about', version)], 'about');
      await startAll();
      jest.advanceTimersByTime(1000);
    }
    expect(labels()).toEqual([
      'Section home (h1) renderer',
      'Section about (a1) renderer',
      'The shell renderer',
      'Section about (p3) renderer',
      'Section about (p4) renderer',
    ]);
  });
});
