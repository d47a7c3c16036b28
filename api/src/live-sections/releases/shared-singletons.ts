import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import semver from 'semver';
import { sharedSingletonOf, sharedSingletons, type SharedSingleton } from '@portfolio/parts';
import { sharedInFederationManifest, type SharedRange } from '../store/build-manifests.js';

const readText = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Without a manifest: the share configuration webpack writes into remoteEntry.js (`react:[{version:"19.3.1",...`,
 * `"react-bootstrap/Carousel":[{...`), for each key of the one list (a key ending in "/", each module under it).
 */
function fromRemoteEntry(text: string): SharedRange[] {
  return (Object.keys(sharedSingletons) as SharedSingleton[]).flatMap((key) => {
    const name = key.endsWith('/') ? `${escaped(key)}[\\w./-]+` : escaped(key);
    const pattern = new RegExp(`["']?(${name})["']?:\\[\\{version:"([^"]+)"(.*?)shareConfig:\\{([^}]*)\\}`, 'g');
    return [...text.matchAll(pattern)].map((at) => {
      const required = /requiredVersion:"([^"]+)"/.exec(at[4] ?? '')?.[1];
      return { name: at[1] ?? key, range: required ?? `^${at[2] ?? ''}` };
    });
  });
}

/** The ranges a release's build requires of the singletons, from its own files. */
export function requiredSingletons(folder: string): SharedRange[] {
  const manifest = readText(path.join(folder, 'mf-manifest.json'));
  const found =
    (manifest === null ? null : sharedInFederationManifest(manifest)) ??
    fromRemoteEntry(readText(path.join(folder, 'remoteEntry.js')) ?? '');
  return found.filter((shared) => sharedSingletonOf(shared.name) !== null);
}

/**
 * The version of each singleton the host (the shell) is built with, as installed beside it, by share key
 * (`react/jsx-runtime` carries react's version; `react-bootstrap/` each module's, react-bootstrap's).
 */
export function hostVersions(shellFolder: string): Partial<Record<SharedSingleton, string>> {
  const require = createRequire(path.join(shellFolder, 'package.json'));
  const versions: Partial<Record<SharedSingleton, string>> = {};
  for (const [key, packageName] of Object.entries(sharedSingletons) as Array<[SharedSingleton, string]>) {
    try {
      versions[key] = (require(`${packageName}/package.json`) as { version: string }).version;
    } catch {
      // not installed beside the shell: nothing to compare with
    }
  }
  return versions;
}

/**
 * Each singleton the release requires that the host's copy would not satisfy, as a sentence: the host's
 * version must satisfy the range and have the same major (a `^18` range is not met by 19, nor `*` by a
 * different major than the build's own).
 */
export function singletonProblems(
  required: readonly SharedRange[],
  host: Partial<Record<SharedSingleton, string>>,
): string[] {
  return required.flatMap(({ name, range }) => {
    const key = sharedSingletonOf(name);
    const version = key === null ? undefined : host[key];
    if (!version) return [];
    const floor = semver.minVersion(range, { loose: true });
    // a range with no floor (`*`) asks for no major
    const sameMajor = floor !== null && (floor.version === '0.0.0' || semver.major(floor) === semver.major(version));
    return semver.satisfies(version, range, { loose: true }) && sameMajor
      ? []
      : [`${name} ${range} required, the site has ${version}`];
  });
}
