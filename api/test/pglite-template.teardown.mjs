import { rmSync } from 'node:fs';

export default function removeTemplate() {
  if (globalThis.pgliteTestRoot) rmSync(globalThis.pgliteTestRoot, { recursive: true, force: true });
}
