/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../..');
const frontEndDirs = [
  'shell/src',
  'mf-home/src',
  'mf-about/src',
  'mf-projects/src',
  'mf-resume/src',
  'packages/ui/src',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

describe('the shared router', () => {
  // (Tests may build a memory router from react-router: without federation it is the same module.)
  // A part that imported react-router itself would get a second router with its own context:
  // its hooks would not see the shell's router, and the page would break at run time.
  it('is the only way the front-end parts import React Router', () => {
    const offenders = frontEndDirs
      .flatMap((dir) => sourceFiles(path.join(repoRoot, dir)))
      .filter((file) => /from '(react-router|react-router-dom|react-router\/dom)'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(repoRoot, file));
    expect(offenders).toEqual([]);
  });

  it('is a working React Router', async () => {
    const router = await import('./index');
    expect(router.redirect('/projects').headers.get('Location')).toBe('/projects');
    expect(router.isRouteErrorResponse(new Error('plain'))).toBe(false);
  });
});
