import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { originalPositionFor, sourceContentFor, TraceMap } from '@jridgewell/trace-mapping';
import { LRUCache } from 'lru-cache';
import { errorGroupLimits } from '@portfolio/contracts/field-events';
import { releasesBasePath } from '@portfolio/contracts/section-releases';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { LiveSections } from '../../live-sections/live-sections.service.js';
import { enclosingFunction, sourcePath, stackFrames, type SourceFrame, type StackFrame } from './error-fingerprint.js';

/** A map larger than this is not read (a section's largest chunk's map is about 1 MB): its frames stay unmapped. */
export const mapBytesLimit = 8 * 1024 * 1024;
/**
 * What the parsed maps may hold in memory, counted as three times their file's bytes (a decoded map and its sources'
 * lines take about that): the least recently used go first.
 */
const mapsMemoryBytes = 48 * 1024 * 1024;

/** A release file's name under its folder: a built script, no way up. */
const scriptFile = /^(?!.*\.\.)[A-Za-z0-9._-]{1,120}(?:\/[A-Za-z0-9._-]{1,120}){0,3}\.m?js$/;

interface LoadedMap {
  map: TraceMap;
  /** what it is counted as in the cache */
  size: number;
  /** each source's lines, split when first asked */
  lines: Map<string, string[]>;
}

/**
 * The frames of a section's own code in a reported stack, read through its release's source maps (kept with the
 * release by the build, never served: serve-releases.ts). Bounded work per report: the stack's first lines only
 * (error-fingerprint.ts), at most `errorGroupLimits.frames` frames mapped, each map read once and kept in a
 * memory-bounded cache (a concurrent reader waits for the same read).
 */
@Injectable()
export class ReleaseSourceMaps {
  private readonly maps = new LRUCache<string, LoadedMap | false>({
    maxSize: mapsMemoryBytes,
    sizeCalculation: (value: LoadedMap | false) => (value ? value.size : 1),
    fetchMethod: async (key: string) => this.load(key),
  });

  constructor(private readonly files: LiveSections) {}

  /** The top frames of `build`'s own files in `stack` (a release of `section`), mapped where its maps allow. */
  async frames(section: RemoteName, build: string, stack: string | undefined): Promise<SourceFrame[]> {
    if (!stack) return [];
    const base = `${releasesBasePath}/${section}/${build}/`;
    const own = stackFrames(stack)
      .map((frame) => ({ frame, file: fileOf(frame, base) }))
      .filter((entry): entry is { frame: StackFrame; file: string } => entry.file !== null)
      .slice(0, errorGroupLimits.frames);
    const frames: SourceFrame[] = [];
    for (const { frame, file } of own) frames.push(await this.mapped(section, build, file, frame));
    return frames;
  }

  private async mapped(section: RemoteName, build: string, file: string, frame: StackFrame): Promise<SourceFrame> {
    const unmapped: SourceFrame = {
      file,
      line: frame.line,
      column: frame.column,
      function: frame.name,
      mapped: false,
      context: null,
    };
    const loaded = await this.maps.fetch(`${section}/${build}/${file}`).catch(() => false as const);
    // a stack's lines count from 1: a line 0 is no place in any map
    if (!loaded || frame.line < 1) return unmapped;
    // the stack's columns count from 1, the map's from 0
    const position = originalPositionFor(loaded.map, { line: frame.line, column: Math.max(0, frame.column - 1) });
    if (position.source === null) return unmapped;
    let lines = loaded.lines.get(position.source);
    if (!lines) {
      lines = (sourceContentFor(loaded.map, position.source) ?? '').split('\n');
      loaded.lines.set(position.source, lines);
    }
    const context = lines[position.line - 1]?.trim().replace(/\s+/g, ' ').slice(0, 200) || null;
    return {
      file: sourcePath(position.source),
      line: position.line,
      column: position.column + 1,
      function: enclosingFunction(lines, position.line),
      mapped: true,
      context,
    };
  }

  /** A map read and parsed, or false: none, too large, not a map. */
  private async load(key: string): Promise<LoadedMap | false> {
    const [section, build, ...rest] = key.split('/');
    const folder = await this.files.releaseFolder(section as RemoteName, build ?? '');
    if (!folder) return false;
    const mapFile = path.join(folder, `${rest.join('/')}.map`);
    try {
      const { size } = await stat(mapFile);
      if (size > mapBytesLimit) return false;
      const map = new TraceMap(await readFile(mapFile, 'utf8'));
      return { map, lines: new Map(), size: size * 3 };
    } catch {
      return false;
    }
  }
}

/** The release file a frame is in when it is one of this build's scripts (`/sections/<name>/<id>/<file>`), else null. */
function fileOf(frame: StackFrame, base: string): string | null {
  const at = frame.url.indexOf(base);
  if (at === -1) return null;
  const file = frame.url.slice(at + base.length).replace(/[?#].*$/, '');
  return scriptFile.test(file) ? file : null;
}
