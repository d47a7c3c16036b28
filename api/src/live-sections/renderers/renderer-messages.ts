import type { PageRequest, RenderedPage, SectionRouteIds, SectionState } from '@portfolio/contracts/page-render';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import * as z from 'zod';

/**
 * What a renderer process (renderer-child.js) and the server say to each other: one JSON message a line over the
 * renderer's channel (its file descriptor 3). The server's messages are typed; a renderer's are untrusted (its
 * section's code can write anything to its channel) and pass `childMessage` below, or end that renderer.
 */

/** What a renderer process is told first. */
export interface RenderChildStart {
  kind: 'start';
  /** the shell's render module's source (shell/dist/server/render.js): a renderer reads no file */
  renderSource: string;
  template: string;
  /** every section as pages name it (each request may name others); only `section`'s code is loaded */
  sections: readonly SectionState[];
  /** the one section whose server code this renderer runs; null: the shell alone (404s, unavailable sections) */
  section: RemoteName | null;
}

/** A page is rendered with the sections as that request's page names them (another section may have a new build). */
export type ChildRequest =
  | { id: number; kind: 'render'; request: PageRequest; sections: readonly SectionState[] }
  | { id: number; kind: 'sitemap'; sections: readonly SectionState[] }
  | { id: number; kind: 'route-ids' };

/** The answer to a renderer's `file` request: the file's text, or why there is none. */
type FileAnswer = { kind: 'file'; id: number; text: string } | { kind: 'file'; id: number; error: string };

/** Everything the server sends a renderer. */
export type ServerMessage = RenderChildStart | ChildRequest | FileAnswer;

/** The most of a renderer's own words (an error's text) that the server keeps. */
const textLimit = 20_000;
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = z.string().max(textLimit);
/** a path or URL a renderer names: what a browser would accept in a link */
const urlText = z.string().min(1).max(4096);

const page = z.strictObject({
  status: z.number().int().min(200).max(599),
  location: urlText.optional(),
  html: z.string().optional(),
  picks: z.number().int().min(1).max(1000),
  searchParams: z.array(z.string().max(200)).max(100).readonly(),
});

const routeIdsOf = z.union([
  z.strictObject({ routeIds: z.array(z.string().max(200)).max(200) }),
  z.strictObject({ error: text }),
]);

/** Every message a renderer may send, one schema per kind. */
export const childMessage = z.discriminatedUnion('kind', [
  /** `loaded`: whether its section's server code loaded (always true for the shell alone) */
  z.strictObject({ kind: z.literal('ready'), loaded: z.boolean() }),
  z.strictObject({ kind: z.literal('failed'), error: text }),
  z.strictObject({ kind: z.literal('page'), id, page }),
  z.strictObject({ kind: z.literal('sitemap'), id, paths: z.array(urlText).max(10_000) }),
  z.strictObject({
    kind: z.literal('route-ids'),
    id,
    sections: z.partialRecord(z.enum(remoteNames), routeIdsOf),
  }),
  z.strictObject({ kind: z.literal('error'), id, error: text }),
  /** one file of its section's build, asked of the server: a renderer has no network and reads no file */
  z.strictObject({ kind: z.literal('file'), id, url: urlText }),
]);

export type ChildMessage = z.infer<typeof childMessage>;

/** The schemas and the contracts' types agree: a change to either is a type error here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type SchemasAgree = [
  Holds<Same<z.infer<typeof page>, RenderedPage>>,
  Holds<Same<Extract<ChildMessage, { kind: 'route-ids' }>['sections'], SectionRouteIds>>,
];
