import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * The shell's page announces every script its start-up loads, so the browser fetches them beside
 * main.js instead of one round trip after it. Start-up is the entry's own `import()` (the async
 * boundary module federation needs) and every shared module that code consumes, whose chunks the
 * federation runtime asks for next; the routes' lazy chunks (the owner's pages) are left out.
 */
export class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (groups) => {
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '');
        const preloads = startupScripts(compilation).map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: 'StartupPreloadPlugin' },
          // low: fetched early, but after what the first paint needs (CSS, the section's pictures); at the
          // default (high) priority they held back the first paint by up to a second under Lighthouse's throttling
          attributes: { rel: 'preload', as: 'script', fetchpriority: 'low', href: `${publicPath}${file}` },
        }));
        return { ...groups, headTags: [...groups.headTags, ...preloads] };
      });
    });
  }
}

/** The JavaScript files of the chunks the entry loads as it starts, in the order they are found. */
function startupScripts(compilation) {
  const { chunkGraph } = compilation;
  const entryChunks = new Set();
  for (const entrypoint of compilation.entrypoints.values())
    for (const chunk of entrypoint.chunks) entryChunks.add(chunk);
  const found = new Set();
  const seenGroups = new Set();
  const followBlocks = (module, all) => {
    for (const block of module.blocks) {
      if (all || module.type === 'consume-shared-module') visitGroup(chunkGraph.getBlockChunkGroup(block));
    }
  };
  const visitGroup = (group) => {
    if (!group || seenGroups.has(group)) return;
    seenGroups.add(group);
    for (const chunk of group.chunks) {
      if (entryChunks.has(chunk) || found.has(chunk)) continue;
      found.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) followBlocks(module, false);
    }
  };
  for (const chunk of entryChunks) {
    for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) followBlocks(module, true);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) followBlocks(module, false);
  }
  // module federation can emit one chunk twice under two ids (react-dom's, here): one preload is enough
  const contents = new Set();
  return [...found]
    .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')))
    .filter((file) => {
      const content = compilation.getAsset(file)?.source.source().toString() ?? file;
      // the same code but for the comments that name the file (license, source map)
      const body = content.replace(/^\/\*![^*]*\*\//, '').replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
      if (contents.has(body)) return false;
      contents.add(body);
      return true;
    });
}
