// The docs cite only what exists: every file path, link and npm script named in README.md and docs/**/*.md, every
// environment variable or constant and every Class.member the reference docs name, and the README's configuration
// table against the variables the server reads (api/src/config/app-config.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const read = (file) => readFileSync(path.join(repoRoot, file), 'utf8');

/** Folders never cited as sources: installed, built or written at run time (.gitignore's). */
const notSources = new Set(['.git', 'node_modules', 'dist', 'coverage', 'data', 'test-results', 'playwright-report']);

/** Every file of the repository's sources, as paths from its root. */
function sourceFiles(folder = '') {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return notSources.has(entry.name) ? [] : sourceFiles(file);
    return [file];
  });
}

const sources = sourceFiles();
const docs = ['README.md', ...sources.filter((file) => /^docs\/.+\.md$/.test(file))];

/** What a code span must end with to be taken as a file's path. */
const fileExtension = /\.(?:ts|tsx|mjs|cjs|js|json|md|css|yml|yaml|py|svg|png|sh|template)$/;
/** Files a build writes (named in the docs as what is served), never in the sources. */
const builtFiles = new Set([
  'main.js',
  'remoteEntry.js',
  'mf-manifest.json',
  'manifest.json',
  'remotes.json',
  'render.js',
  'release-files.json',
]);

/**
 * The file paths a doc cites in code spans: `api/src/site/site-pages.ts`, or a path from a folder the text names
 * (`site/site-pages.ts`, `section-renderers.ts`). Not URL paths (`/resume.json`), patterns (`<name>`, `*`), files a
 * build writes, nor ../shared (outside the repository).
 */
function citedFiles(text) {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1].replace(/^\.\//, ''))
    .filter(
      (cited) =>
        fileExtension.test(cited) &&
        !/[<>*{}$]|^\/|^[a-z]+:/.test(cited) &&
        !cited.startsWith('../') &&
        !(builtFiles.has(path.posix.basename(cited)) && !cited.includes('src/')),
    );
}

/** A cited path is a source file, or the end of one's path (from a folder the text names). */
const exists = (cited) => sources.includes(cited) || sources.some((file) => file.endsWith(`/${cited}`));

/** The reference docs, which say what is; the decision records (docs/decisions/) also say what was. */
const referenceDocs = docs.filter((doc) => !doc.startsWith('docs/decisions/'));

/** Every source file but the docs (and pictures), as one text to look names up in. */
const sourceText = sources
  .filter((file) => !/\.(?:md|png|jpe?g|webp|woff2?|ico|gz|tgz|pdf)$/.test(file))
  .map((file) => read(file))
  .join('\n');

/** Whether `name` is a word of the sources (not part of a longer name). */
const inSources = (name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(sourceText);

/** Names in the docs that no source holds, on purpose: a reader's own shell variable in an example. */
const notOurs = new Set(['OWNER_PASSWORD']);

describe('the docs', () => {
  it('cite only files that exist', () => {
    const missing = docs.flatMap((doc) =>
      citedFiles(read(doc))
        .filter((cited) => !exists(cited))
        .map((cited) => `${doc}: ${cited}`),
    );
    expect(missing).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken = docs.flatMap((doc) =>
      [...read(doc).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((match) => match[1])
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(path.join(repoRoot, path.dirname(doc), target)))
        .map((target) => `${doc}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('name only npm scripts that exist, in the workspace they name', () => {
    const scriptsOf = (workspace) => {
      const file = path.join(workspace, 'package.json');
      return existsSync(path.join(repoRoot, file)) ? Object.keys(JSON.parse(read(file)).scripts ?? {}) : null;
    };
    const unknown = docs.flatMap((doc) =>
      [...read(doc).matchAll(/npm run ([\w:.-]+)(?: -w ([\w@/.-]+))?/g)]
        .filter(([, script, workspace = '.']) => {
          const scripts = scriptsOf(workspace);
          // a pattern (-w mf-<section>) names no one workspace: each section has the same scripts
          return scripts !== null && !scripts.includes(script);
        })
        .map(([named]) => `${doc}: ${named}`),
    );
    expect(unknown).toEqual([]);
  });

  it("list in the README's configuration table every variable the server reads, and no other", () => {
    const schema = read('api/src/config/app-config.ts').split('export const environmentSchema = z.object({')[1];
    const variables = [...schema.split('\n});')[0].matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);
    const table = read('README.md').split('\n## Configuration\n')[1].split('\n## ')[0];
    const listed = [...table.matchAll(/^\| (`[A-Z][A-Z0-9_]+`(?:, `[A-Z][A-Z0-9_]+`)*) \|/gm)].flatMap((match) =>
      match[1].split(', ').map((name) => name.slice(1, -1)),
    );
    expect(variables.length).toBeGreaterThan(30);
    expect([...listed].sort()).toEqual([...variables].sort());
  });
  it('name only environment variables and constants that the sources hold', () => {
    const missing = referenceDocs.flatMap((doc) =>
      [...new Set(read(doc).match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g) ?? [])]
        .filter((name) => !notOurs.has(name) && !inSources(name))
        .map((name) => `${doc}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("name only classes' and objects' members that the sources hold (LiveSections.forRequest)", () => {
    const globals = new Set(['Node', 'React', 'Intl', 'Promise', 'Buffer', 'Object', 'JSON', 'Math', 'Date', 'Array']);
    const missing = referenceDocs.flatMap((doc) =>
      [...new Set(read(doc).match(/\b[A-Z][a-z][A-Za-z]*\.[a-z][A-Za-z]+\b(?!\.?[a-z])/g) ?? [])]
        .filter((named) => {
          const [owner, member] = named.split('.');
          return (
            !globals.has(owner) &&
            !/^(?:md|ts|tsx|js|json|mjs)$/.test(member) &&
            !(inSources(owner) && inSources(member))
          );
        })
        .map((named) => `${doc}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});
