import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remotes as parts } from '@portfolio/parts';

/** A stand-in for the built site: the files `npm run build` leaves in each part's dist/. */
export function fakeSite(remotes: Record<string, string> = { home: '/mf/home/remoteEntry.js' }): string {
  const root = mkdtempSync(path.join(tmpdir(), 'portfolio-site-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title><div id="root"></div>');
  write('shell/dist/remotes.json', JSON.stringify(remotes));
  write('shell/dist/main.0123456789.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  for (const { name, folder } of parts) {
    write(`${folder}/dist/remoteEntry.js`, `var ${name} = {};`);
    write(`${folder}/dist/mf-manifest.json`, '{}');
    write(`${folder}/dist/__federation_expose_routes.abcdef0123.js`, '/* routes */');
  }
  return root;
}
