import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childrenCpuMs, load } from './starved-children.js';
import { startOwnerSite, type OwnerSite } from './owner-site.js';
import { newStorage } from './test-storage.js';

// A render is bounded by its renderer's CPU time, not the wall clock's (docs/decisions/0026): on a loaded host (CI
// runs on two busy cores) a render of a few hundred ms of CPU waits seconds for a core, since renderers run below
// the server's priority, and that is no reason for a lesser page. Here the real pages (`npm run build`), never
// rendered before, are rendered by the real renderers while they get no core at all for 3 s (stopped, as a process
// the scheduler never picks is; the same on a quiet host and a busy one): each first answer must be the server's
// whole page with its status, never the 503 frame.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = existsSync(path.join(repoRoot, 'shell/dist/server/render.js'));
if (!built) console.warn('No production build (npm run build): skipping the renders on a starved host');

const frame = /<header class="site-header">.*<main id="main".*<\/main>.*<footer class="site-footer">/s;
/** The CPU time a render may take (section-renderers.ts's renderCpuMs), and how long the renderers get no core. */
const renderCpuMs = 2000;
const starvedMs = 3000;

(built ? describe : describe.skip)('renders on a starved host: bounded by CPU time, not by the wall clock', () => {
  let site: OwnerSite;
  beforeAll(async () => {
    site = await startOwnerSite(repoRoot, newStorage());
  }, 90_000);
  afterAll(() => site.close());

  it('answers pages never rendered before with the whole page though the renderers got no core for 3 s', async () => {
    // every renderer ready and warm: a path of its own under each section, and one of none
    for (const section of ['/about', '/projects', '/resume', '/home']) {
      const warm = await fetch(`${site.baseUrl}${section}/warm-up`);
      await warm.text();
      expect(warm.status).toBe(404);
    }
    const renderers = [...childrenCpuMs().keys()];
    expect(renderers.length).toBeGreaterThanOrEqual(5);
    const figures: string[] = [];
    for (const [pagePath, status, content] of [
      ['/projects?tag=WebSockets', 200, /<h1[^>]*>Projects<\/h1>/],
      ['/resume/never-seen-while-starved', 404, /Oops!/],
      ['/never-seen-while-starved', 404, /Oops!/],
    ] as const) {
      const cpuBefore = childrenCpuMs();
      for (const pid of renderers) process.kill(pid, 'SIGSTOP');
      const asked = performance.now();
      let answer: Promise<{ status: number; html: string }>;
      try {
        answer = fetch(`${site.baseUrl}${pagePath}`, { redirect: 'manual' }).then(async (response) => ({
          status: response.status,
          html: await response.text(),
        }));
        await new Promise((resolve) => setTimeout(resolve, starvedMs));
      } finally {
        // a renderer the server ended meanwhile (as a wall-clock bound would) is gone: its page says so below
        for (const pid of renderers) if (childrenCpuMs().has(pid)) process.kill(pid, 'SIGCONT');
      }
      const { status: got, html } = await answer;
      const ms = Math.round(performance.now() - asked);
      const cpu = [...childrenCpuMs()].reduce(
        (sum, [pid, used]) => sum + (renderers.includes(pid) ? used - (cpuBefore.get(pid) ?? used) : 0),
        0,
      );
      figures.push(`${pagePath} ${got} in ${ms} ms, ${cpu} ms of the renderers' CPU`);
      expect([pagePath, got]).toEqual([pagePath, status]);
      expect(html).toMatch(frame);
      expect(html).toMatch(content);
      expect(html).not.toContain('data-unavailable=');
      // what makes this a test of the bound: longer than it on the wall clock
      expect(ms).toBeGreaterThan(renderCpuMs);
    }
    console.log(`renderers stopped ${starvedMs} ms at each page (load ${load()}): ${figures.join('; ')}`);
  }, 60_000);
});
