// @ts-check
/**
 * The type check, run by ESLint: `type-check/diagnostics` reports TypeScript's own errors (syntactic and semantic,
 * those `tsc -b` prints) from the programs typescript-eslint has built for its type-aware rules, so that the checks
 * build each workspace's program once instead of twice (docs/decisions/0035-the-checks-type-check-runs-in-eslint.md).
 *
 * What `tsc -b` checks and so must this:
 * - every project `tsconfig.json` references, each with its own options: typescript-eslint opens a file with its
 *   nearest `tsconfig.json`, which is its workspace's;
 * - every file of each project, the JavaScript ones with `// @ts-check` included: `typeCheckedJavaScript()` names
 *   those, so that ESLint parses them with their program too;
 * - the files a program reads from outside its own folder (a shared package's sources, a `.mjs` it imports), checked
 *   again with the reading project's options: reported once per program, on the first of its files linted;
 * - the program's own option and global errors (a wrong compiler option, a missing `types` package): the same.
 */
import path from 'node:path';
import ts from 'typescript';

/** A project's parsed `tsconfig.json`, its syntax errors thrown. */
function parsedConfig(file) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${file} could not be read`);
  return parsed;
}

/**
 * The JavaScript files of the projects `<root>/tsconfig.json` references (their `include` with `allowJs`), relative
 * to `root`: ESLint parses them with type information, so that they are type-checked where `tsc -b` checks them.
 * @param {string} root
 * @returns {string[]}
 */
export function typeCheckedJavaScript(root) {
  const { projectReferences = [] } = parsedConfig(path.join(root, 'tsconfig.json'));
  return projectReferences.flatMap((reference) =>
    parsedConfig(ts.resolveProjectReferencePath(reference))
      .fileNames.filter((file) => /\.[cm]?jsx?$/.test(file))
      .map((file) => path.relative(root, file).split(path.sep).join('/')),
  );
}

/** `TS2322: Type 'string' is not assignable...`, with `file:line:column` before it when it is another file's. */
function describe(/** @type {ts.Diagnostic} */ diagnostic, /** @type {boolean} */ withPlace) {
  const text = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  if (!withPlace || !diagnostic.file) return text;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const file = path.relative(process.cwd(), diagnostic.file.fileName);
  return `${file}:${line + 1}:${character + 1} ${text}`;
}

/** Where a diagnostic of the linted file is, in ESLint's terms (lines from 1, columns from 0). */
function placeOf(/** @type {ts.Diagnostic} */ diagnostic, /** @type {ts.SourceFile} */ file) {
  const start = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const end = file.getLineAndCharacterOfPosition((diagnostic.start ?? 0) + (diagnostic.length ?? 0));
  return {
    start: { line: start.line + 1, column: start.character },
    end: { line: end.line + 1, column: end.character },
  };
}

/** The programs (by their `tsconfig.json`) whose other files and global errors this process has reported. */
const programsChecked = new Set();

/** The diagnostics of a program that belong to none of its own files: its options, its globals, files it reads. */
function programDiagnostics(/** @type {ts.Program} */ program) {
  const own = new Set(program.getRootFileNames().map((file) => path.resolve(file)));
  const read = program.getSourceFiles().filter(
    (file) =>
      !own.has(path.resolve(file.fileName)) &&
      !program.isSourceFileDefaultLibrary(file) &&
      // the workspaces' own packages count as "external libraries" (imported through node_modules/@portfolio/),
      // but are read from their real place
      !file.fileName.includes('/node_modules/'),
  );
  return [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...read.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
}

/** @type {import('eslint').Rule.RuleModule} */
const diagnostics = {
  meta: {
    type: 'problem',
    docs: { description: "TypeScript's own errors, as `tsc -b` reports them" },
    schema: [],
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    return {
      Program(node) {
        const file = program.getSourceFile(context.physicalFilename);
        if (!file) {
          context.report({ node, message: `${context.physicalFilename} is not in its program` });
          return;
        }
        for (const diagnostic of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
          context.report({ loc: placeOf(diagnostic, file), message: describe(diagnostic, false) });
        }
        const config = program.getCompilerOptions().configFilePath;
        if (typeof config !== 'string' || programsChecked.has(config)) return;
        programsChecked.add(config);
        for (const diagnostic of programDiagnostics(program)) {
          const project = path.relative(process.cwd(), config);
          context.report({
            loc: { line: 1, column: 0 },
            message: `in ${project}'s program: ${describe(diagnostic, true)}`,
          });
        }
      },
    };
  },
};

export default { meta: { name: 'type-check' }, rules: { diagnostics } };
