import { writeReleaseFileList } from '@portfolio/parts/release-files';

/**
 * A remote's `dist/release-files.json` (packages/parts/release-files.mjs): its files, sizes and SHA-256, so that its
 * build at any URL can be imported as a release. On the server half, which webpack builds after the browser half:
 * once it has emitted, the whole of dist/ is there.
 */
export class ReleaseFileListPlugin {
  /** @param {{ outDir: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('ReleaseFileListPlugin', () => writeReleaseFileList(this.options.outDir));
  }
}
