import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * schema-dts (a dependency of @portfolio/contracts, whose builders it types): Google's typings of the whole
 * schema.org vocabulary (types, their properties, what each may hold).
 */
const vocabulary =
  ts.resolveModuleName(
    'schema-dts',
    fileURLToPath(new URL('../../packages/contracts/src/structured-data.ts', import.meta.url)),
    { moduleResolution: ts.ModuleResolutionKind.Bundler },
    ts.sys,
  ).resolvedModule?.resolvedFileName ?? 'schema-dts (not installed)';

/**
 * Checks JSON-LD documents against the schema.org vocabulary: each is type-checked as schema-dts's
 * `WithContext<Thing>`, so an unknown type, a property its type does not have (nested ones included) or a value of
 * the wrong kind is an error. One compiler run for all of them. Answers one line per problem, naming the document.
 */
export async function schemaOrgProblems(documents: Readonly<Record<string, unknown>>): Promise<string[]> {
  const names = Object.keys(documents);
  const file = path.join(path.dirname(vocabulary), '__structured-data-under-test.ts');
  const source = [
    `import type { Thing, WithContext } from ${JSON.stringify(vocabulary)};`,
    ...names.map((name, index) => `export const d${index}: WithContext<Thing> = ${JSON.stringify(documents[name])};`),
  ].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    // the documents are JSON and schema-dts's types need no more: not the default ES2022 + DOM libraries, whose
    // parsing and binding were a third of the check's CPU
    lib: ['lib.es5.d.ts'],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName === file ? ts.createSourceFile(fileName, source, language) : readSource(fileName, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => fileName === file || fileExists(fileName);
  const program = ts.createProgram([file], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  // the compiler held the event loop for seconds: let sockets that closed meanwhile (a server's idle keep-alive
  // connections) be seen as closed before the next request picks one
  await new Promise((resolve) => setImmediate(resolve));
  return diagnostics.map((diagnostic) => {
    const line =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
        : -1;
    const name = names[line - 1] ?? '(the check itself)';
    return `${name}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}
