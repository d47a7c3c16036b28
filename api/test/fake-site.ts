import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remotes as parts, type defaultRemotesConfig } from '@portfolio/parts';

/**
 * Writes a section's build into a dist/ folder: its browser entry and the server manifest naming its version.
 * The stand-in render module reads `routeIds` from the server entry, as the real one reads `./routes`.
 */
export function writeSectionBuild(
  dist: string,
  version: string,
  routeIds: readonly string[] = [],
  /** the server entry's code: the stand-in render module runs it as the federation runtime would */
  serverCode = '',
): void {
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(path.join(dist, `remoteEntry.${version}.js`), '/* browser entry */');
  writeFileSync(
    path.join(dist, `server/remoteEntry.${version}.js`),
    `/* routes: ${routeIds.join(',')} */\n${serverCode}`,
  );
  const manifest = {
    version,
    builtAt: '2026-01-02T03:04:05.000Z',
    serverEntry: `remoteEntry.${version}.js`,
    browserEntry: `../remoteEntry.${version}.js`,
    styles: [`../styles.${version}.css`],
  };
  writeFileSync(path.join(dist, 'server/manifest.json'), JSON.stringify(manifest));
}

/**
 * A stand-in for the built site: the files `npm run build` leaves in each part's dist/. With
 * `renders`, the shell has a stand-in render module and each section a build ('<name>-1').
 */
export function fakeSite(
  remotes: Record<string, string> = { home: '/mf/home/remoteEntry.js' },
  renders = false,
): string {
  const root = mkdtempSync(path.join(tmpdir(), 'portfolio-site-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title><body><div id="root"></div></body>');
  write('shell/dist/remotes.json', JSON.stringify(remotes));
  write('shell/dist/main.0123456789.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  for (const { name, folder, routeIds } of parts) {
    write(`${folder}/dist/remoteEntry.js`, `var ${name} = {};`);
    write(`${folder}/dist/mf-manifest.json`, '{}');
    write(`${folder}/dist/__federation_expose_routes.abcdef0123.js`, '/* routes */');
    if (renders) writeSectionBuild(path.join(root, folder, 'dist'), `${name}-1`, routeIds);
  }
  if (renders) {
    // over 1 KB, so it goes out compressed
    const styles = `<style>${'.frame{margin:0}'.repeat(100)}</style>`;
    write(
      'shell/dist/index.html',
      `<!doctype html><head><!--page-head--><title>shell</title><!--/page-head-->${styles}</head><body><div id="root"><!--page-body--></div></body>`,
    );
    mkdirSync(path.join(root, 'shell/dist/server'), { recursive: true });
    copyFileSync(
      path.join(import.meta.dirname, 'fake-render-module.cjs'),
      path.join(root, 'shell/dist/server/render.js'),
    );
  }
  return root;
}

/**
 * Every section served from its dist/ on another origin (a CDN): remotes.json's entries are not the default
 * ones, so the first start takes no release and a new build behind the same URL is followed, as an
 * external URL is. (Releases on the site's own origin never change: section-releases.e2e-spec.ts.)
 */
export const onCdn = (origin: string) =>
  Object.fromEntries(parts.map(({ name, folder }) => [name, `${origin}/${folder}/dist/remoteEntry.js`])) as ReturnType<
    typeof defaultRemotesConfig
  >;
