import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './site-server';

/**
 * A copy of a section's sources beside the real one (so `../tsconfig.base.json` and the shared release script resolve
 * as they do for it), for a test to change without touching the section the other tests build and serve.
 */
export function copyOfSection(folder: string): {
  dir: string;
  edit: (file: string, from: string, to: string) => void;
  remove: () => void;
} {
  const dir = mkdtempSync(path.join(repoRoot, `.release-e2e-${folder}-`));
  cpSync(path.join(repoRoot, folder), dir, {
    recursive: true,
    filter: (file) => !/[\\/](node_modules|dist)$/.test(file),
  });
  return {
    dir,
    edit(file, from, to) {
      const target = path.join(dir, file);
      const text = readFileSync(target, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} does not say ${from}`);
      writeFileSync(target, text.replace(from, to));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

interface ReleaseRun {
  code: number | null;
  output: string;
  /** milliseconds from the start to the line with the preview link (null without one) */
  toPreviewLinkMs: number | null;
  previewUrl: string | null;
}

/** Runs the real `npm run release -- --site <site>` in the section's folder, as a developer or CI would. */
export function runRelease(dir: string, site: string, token: string, note: string): Promise<ReleaseRun> {
  if (!existsSync(path.join(dir, 'package.json'))) throw new Error(`${dir} is not a section`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'release', '--', '--site', site, '--note', note], {
      cwd: dir,
      env: { ...process.env, SECTION_TOKEN: token, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let toPreviewLinkMs: number | null = null;
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (toPreviewLinkMs === null && output.includes('Preview link')) toPreviewLinkMs = Date.now() - started;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      const previewUrl = /^Preview link .*?: (https?:\/\/\S+)\s*$/m.exec(output)?.[1] ?? null;
      resolve({ code, output, toPreviewLinkMs, previewUrl });
    });
  });
}
