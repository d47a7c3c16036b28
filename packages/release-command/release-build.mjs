// @ts-check
/** The section's own scripts, run as its developer runs them: the type check, and the build into another folder. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `npm run <script>` in `cwd`, keeping its output to show only when it fails.
 * @param {string} cwd @param {string[]} args
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
function npmRun(cwd, args) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (/** @type {Buffer} */ chunk) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ ok: false, output: error.message }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/** The parts import the contracts from their build: a fresh clone has none yet. */
export const contractsBuilt = () => existsSync(path.join(repoRoot, 'packages/contracts/dist/src'));
export const buildContracts = () => npmRun(repoRoot, ['build', '-w', 'packages/contracts']);

/** @param {string} sectionDir */
export const typeCheck = (sectionDir) => npmRun(sectionDir, ['typecheck']);

/**
 * The section's own production build, written to `outDir` (the webpack factory's `--env outDir`), never dist/.
 * @param {string} sectionDir @param {string} outDir
 */
export const buildInto = (sectionDir, outDir) => npmRun(sectionDir, ['build', '--', '--env', `outDir=${outDir}`]);
