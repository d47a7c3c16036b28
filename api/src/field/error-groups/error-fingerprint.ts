import { createHash } from 'node:crypto';
import { errorGroupLimits, beaconLimits, type ErrorFrame } from '@portfolio/contracts/field-events';

/**
 * An error's fingerprint (docs/architecture.md "Error groups"), from what a beacon sent: pure functions, bounded
 * work whatever the input (a stack is read up to beaconLimits.stackChars and its first `stackLinesRead` lines).
 */

/** Lines of a stack read at most: Chrome writes ten frames, Firefox and Safari more; the top ones are wanted. */
const stackLinesRead = 40;
/** A frame's function name and place: Chrome `    at fn (url:line:col)` or `    at url:line:col`, others `fn@url:line:col`. */
const chromeFrame = /^\s*at (?:(.{1,200}?) \()?(\S{1,500}?):(\d{1,9}):(\d{1,9})\)?\s*$/;
const otherFrame = /^\s*([^@\s]{0,200})@(\S{1,500}?):(\d{1,9}):(\d{1,9})\s*$/;

/** One frame as a stack wrote it: the file's URL, 1-based line and column, and the (minified) function name. */
export interface StackFrame {
  url: string;
  line: number;
  column: number;
  name: string | null;
}

/** The frames of a stack, top first, each line of it read once; lines that are no frame (the message) skipped. */
export function stackFrames(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  const lines = stack.slice(0, beaconLimits.stackChars).split('\n', stackLinesRead);
  for (const line of lines) {
    const match = chromeFrame.exec(line) ?? otherFrame.exec(line);
    if (!match) continue;
    const [, name, url = '', line1 = '0', column = '0'] = match;
    const plainName = name?.replace(/^(?:async |new )/, '').trim();
    frames.push({ url, line: Number(line1), column: Number(column), name: plainName ? plainName : null });
  }
  return frames;
}

/** The placeholders of what a message's variable parts are replaced with. */
const quoted = /'[^'\n]{0,200}'|"[^"\n]{0,200}"|`[^`\n]{0,200}`|‘[^’\n]{0,200}’|“[^”\n]{0,200}”/g;
const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** a run of hex digits or letters and digits mixed, six or more, with a digit: an id, a hash */
const id = /\b(?=[0-9a-z_-]*\d)[0-9a-z_-]{6,}\b/gi;
const number = /\b\d+(?:\.\d+)?\b/g;

/** A message with its numbers, ids and quoted values stripped, so that one error is one message. */
export function normalizedMessage(message: string): string {
  return (
    message
      .slice(0, beaconLimits.messageChars)
      .replace(quoted, '<value>')
      .replace(uuid, '<id>')
      .replace(id, '<id>')
      .replace(number, '<n>')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, errorGroupLimits.messageChars) || 'Error'
  );
}

/** The error's kind from its message (`TypeError: ...`), or '' (a rejection's reason that is no Error). */
const errorKindOf = (message: string) => /^([A-Z][A-Za-z0-9_$]{0,60}):/.exec(message)?.[1] ?? '';

/** A frame of the section's own code as the release's maps tell it, with its source line's text when they have it. */
export interface SourceFrame extends ErrorFrame {
  /** the source line, trimmed: what makes two builds' and two browsers' reports of one place one frame */
  context: string | null;
}

/**
 * The group of an error: with frames of the section's own code, its kind and those frames' files, functions and
 * source lines (never a line number: a release with a line added above is the same error; nor the message: browsers
 * word one error differently); without, its kind and normalized message. 16 hex digits.
 */
export function fingerprintOf(section: string, message: string, frames: readonly SourceFrame[]): string {
  const top = frames.slice(0, errorGroupLimits.frames);
  const parts =
    top.length > 0
      ? [
          section,
          errorKindOf(message),
          ...top.map((frame) => `${frame.file}|${frame.function ?? ''}|${frame.context ?? frame.line}`),
        ]
      : [section, normalizedMessage(message)];
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

/** Declarations a function's name is read from, on one source line. */
const declarations = [
  /\bfunction\s*\*?\s*([A-Za-z_$][\w$]{0,100})\s*\(/,
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]{0,100})\s*=\s*(?:async\s*)?(?:function\b|\([^)]{0,300}\)\s*(?::[^=]{0,100})?=>|[A-Za-z_$][\w$]*\s*=>)/,
  /\b([A-Za-z_$][\w$]{0,100})\s*:\s*(?:async\s*)?(?:function\b|\([^)]{0,300}\)\s*(?::[^=]{0,100})?=>)/,
  /^\s*(?:(?:public|private|protected|static|async|get|set)\s+)*([A-Za-z_$][\w$]{0,100})\s*\([^)]{0,300}\)\s*(?::[^{]{0,100})?\{/,
];
const notFunctions = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'with']);
/** Source lines looked at above a frame's line for its function, at most. */
const linesAbove = 200;

/** The name of the function a source line is in: the nearest declaration at or above it, or null. */
export function enclosingFunction(sourceLines: readonly string[], line: number): string | null {
  for (let index = Math.min(line, sourceLines.length) - 1; index >= 0 && index >= line - linesAbove; index--) {
    const text = (sourceLines[index] ?? '').slice(0, 500);
    for (const pattern of declarations) {
      const name = pattern.exec(text)?.[1];
      if (name && !notFunctions.has(name)) return name;
    }
  }
  return null;
}

/** A source's path as shown: webpack's `webpack://portfolio_about/./src/x.ts` is `src/x.ts`. */
export const sourcePath = (source: string) =>
  source
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^(?:\.\.?\/)+/, '')
    .replace(/\?[^/]*$/, '')
    .slice(0, 300);
