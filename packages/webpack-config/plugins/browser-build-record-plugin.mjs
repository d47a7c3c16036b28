import { createHash } from 'node:crypto';

/** The chunk group module federation gives the exposed `./routes` module. */
const exposeChunkName = '__federation_expose_routes';

const contentHash = (content) => createHash('sha256').update(content).digest('hex').slice(0, 10);

/**
 * A remote's browser build, seen from the server: a copy of remoteEntry.js under a name that changes
 * with its content (so a page can name the exact build it was rendered with), the stylesheets its
 * routes use. The server build's manifest reads the record.
 */
export class BrowserBuildRecordPlugin {
  /** @param {{ entryFile: string, record: Record<string, unknown> }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const { entryFile, record } = this.options;
    compiler.hooks.thisCompilation.tap('BrowserBuildRecordPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after minification and the real content hashes, so the copy is byte for byte what ships
        { name: 'BrowserBuildRecordPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const entry = compilation.getAsset(entryFile);
          if (!entry) return;
          const source = entry.source.source();
          const hashedEntry = entryFile.replace(/\.js$/, `.${contentHash(source)}.js`);
          compilation.emitAsset(hashedEntry, new sources.RawSource(source));

          const expose = compilation.namedChunkGroups.get(exposeChunkName);
          const reachable = new Set();
          const visit = (group) => {
            if (!group || reachable.has(group)) return;
            reachable.add(group);
            for (const child of group.childrenIterable) visit(child);
          };
          visit(expose);
          const filesOf = (groups, extension) =>
            [...new Set([...groups].flatMap((group) => group.chunks.flatMap((chunk) => [...chunk.files])))].filter(
              (file) => file.endsWith(extension),
            );
          Object.assign(record, {
            entry: hashedEntry,
            styles: filesOf(reachable, '.css').sort(),
          });
        },
      );
    });
  }
}
