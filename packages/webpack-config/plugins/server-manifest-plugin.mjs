import { createHash } from 'node:crypto';

/**
 * server/manifest.json: what the server needs to render a section and name its browser build on the
 * page. It changes whenever either build's output does, which is how the server sees a new build.
 * Paths are relative to the manifest itself, so dist/ can be served from any URL.
 */
export class ServerManifestPlugin {
  /** @param {{ name: string, browser: { entry?: string, styles?: string[] } }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const { name, browser } = this.options;
    compiler.hooks.thisCompilation.tap('ServerManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServerManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          if (!browser.entry) {
            compilation.errors.push(new Error('ServerManifestPlugin: the browser build left no record'));
            return;
          }
          const serverEntry = compilation.entrypoints
            .get(name)
            ?.getFiles()
            .find((file) => file.endsWith('.js'));
          const fromServer = (file) => `../${file}`;
          const manifest = {
            serverEntry,
            browserEntry: fromServer(browser.entry),
            styles: browser.styles.map(fromServer),
          };
          const version = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
          // when it was built, for the owner's page; outside the version, so a rebuild of the same code keeps it
          const builtAt = new Date(
            process.env.SOURCE_DATE_EPOCH ? Number(process.env.SOURCE_DATE_EPOCH) * 1000 : Date.now(),
          ).toISOString();
          compilation.emitAsset(
            'manifest.json',
            new sources.RawSource(`${JSON.stringify({ version, builtAt, ...manifest }, null, 2)}\n`),
          );
        },
      );
    });
  }
}
