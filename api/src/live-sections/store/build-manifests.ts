import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverManifestPath } from '@portfolio/parts';
import * as z from 'zod';

/**
 * The manifests a section's build holds, one parser each: its server/manifest.json (written by
 * packages/webpack-config/plugins/server-manifest-plugin.mjs) and its browser build's mf-manifest.json (Module
 * Federation's manifest plugin). Both are a section's own files: untrusted input, read field by field.
 */

/** when it was built, as an ISO time; null when absent or not a time (builds before the owner's area have none) */
const builtAt = z
  .unknown()
  .optional()
  .transform((value) => {
    const at = typeof value === 'string' ? new Date(value) : null;
    return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
  });

/** server/manifest.json: the build's version, and its files by paths relative to the manifest. */
const serverManifestSchema = z.object({
  version: z.string(),
  builtAt,
  serverEntry: z.string(),
  browserEntry: z.string(),
  styles: z.array(z.string()),
});

export type ServerManifest = z.output<typeof serverManifestSchema>;

/** A section's server manifest from its JSON value; throws a sentence when it is not one. */
export function parseServerManifest(value: unknown): ServerManifest {
  const parsed = serverManifestSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(
      `${serverManifestPath} is not a section's server manifest (a version, a server entry, a browser entry and styles)`,
    );
  return parsed.data;
}

/** A section's server manifest from its file's text; throws a sentence when it is not JSON or not one. */
export function serverManifestOfText(text: string): ServerManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${serverManifestPath} is not JSON`);
  }
  return parseServerManifest(value);
}

/** The server manifest of the build in `folder` (a release's files); throws when it is missing, not JSON or not one. */
export function readServerManifest(folder: string): ServerManifest {
  let text: string;
  try {
    text = readFileSync(path.join(folder, serverManifestPath), 'utf8');
  } catch {
    throw new Error(`${serverManifestPath} is not JSON`);
  }
  return serverManifestOfText(text);
}

/** mf-manifest.json, what the checks read of it: each shared package and the range the build requires of it. */
const federationManifestSchema = z.object({
  shared: z.array(
    z.object({
      name: z.unknown().optional(),
      requiredVersion: z.unknown().optional(),
      version: z.unknown().optional(),
    }),
  ),
});

/** A package a build shares, with the range it requires. */
export interface SharedRange {
  name: string;
  range: string;
}

/**
 * The shared packages an mf-manifest.json's text names, each with the range the build requires (else its own
 * version as the range); a package without a name or range is passed over. Null when the text is not such a manifest.
 */
export function sharedInFederationManifest(text: string): SharedRange[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = federationManifestSchema.safeParse(value);
  if (!parsed.success) return null;
  return parsed.data.shared.flatMap((shared) => {
    const range = typeof shared.requiredVersion === 'string' ? shared.requiredVersion : shared.version;
    return typeof shared.name === 'string' && typeof range === 'string' ? [{ name: shared.name, range }] : [];
  });
}
