import { remotes } from '@portfolio/parts';
import type { RemoteName, RemoteRouteIds } from './remote-routes.js';

/**
 * What the shell's field collector needs to send a batch to `POST /api/rum`: a module of its own, without
 * zod, so that the collector's chunk (on every visitor's page, docs/performance.md) carries these and nothing
 * else. The rest of what is sent, and its types, is in field-events.ts, which re-exports these.
 */

export const beaconPath = '/api/rum';

/** The routes measured: the sections' pages and the shell's "not found" page (never the owner's area). */
export type MeasuredRouteId = RemoteRouteIds[RemoteName] | 'not-found';
export const measuredRouteIds: readonly MeasuredRouteId[] = [
  ...remotes.flatMap((remote) => remote.routeIds),
  'not-found',
];

/** What a page's collector keeps to (field-events.ts `beaconLimits` adds what only the API checks). */
export const pageLimits = {
  /** a batch's events: the collector sends a batch as soon as it holds this many */
  events: 10,
  /** a page's events: a page sends no more, and the API takes no more for one page view's proof */
  pageEvents: 100,
  /** an error's message, trimmed by the browser before sending */
  messageChars: 200,
  /**
   * an error's stack, trimmed by the browser before sending: about eight frames of Chrome's ten. The API reads only
   * the frames of the section's own release from it (its error groups, api/src/field/error-groups) and keeps none of it
   */
  stackChars: 1000,
} as const;

/**
 * The server's proof that it sent the page (api/src/field/page-view-proofs.ts), which every beacon carries: the
 * page's response holds it as a `Server-Timing` entry of this name, read through the page's navigation timing, so
 * that kept pages (the page cache, ETags) stay the same bytes for everyone.
 */
export const proofTimingName = 'pv';
