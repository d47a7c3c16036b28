import { remotes } from '@portfolio/parts';
import type { RemoteName, RemoteRouteIds } from './remote-routes.js';

/** What a visitor did that the site exists for (a section reports one with field-signals.ts). */
export const conversionNames = ['contact-sent', 'resume-downloaded', 'door-followed'] as const;
export type ConversionName = (typeof conversionNames)[number];

/**
 * Field measurements: what a visitor's browser reports to `POST /api/rum` (docs/architecture.md "Field
 * measurements"). A module of its own, without zod: the shell's collector (on every visitor's page, at most
 * 3 KB) needs these names and limits, and the API checks bodies with field-events-schema.ts.
 */

export const rumPath = '/api/rum';

/** Core Web Vitals from `web-vitals`: milliseconds, except CLS (a unitless score). */
export const vitalNames = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof vitalNames)[number];

/** The largest value of each vital the API keeps: anything above is a broken clock or a forged body. */
export const vitalMaximum: Readonly<Record<VitalName, number>> = { LCP: 120_000, INP: 60_000, CLS: 50, TTFB: 120_000 };

/** The routes measured: the sections' pages and the shell's "not found" page (never the owner's area). */
export type MeasuredRouteId = RemoteRouteIds[RemoteName] | 'not-found';
export const measuredRouteIds: readonly MeasuredRouteId[] = [
  ...remotes.flatMap((remote) => remote.routeIds),
  'not-found',
];

/** A page's route belongs to the section that serves it; "not found" is the shell's own. */
export function sectionOfRoute(route: MeasuredRouteId): RemoteName | 'shell' {
  return remotes.find((remote) => (remote.routeIds as readonly string[]).includes(route))?.name ?? 'shell';
}

export const rumLimits = {
  /** a batch's body: a beacon is flushed long before this */
  bodyBytes: 8192,
  events: 30,
  /** an error's message, trimmed by the browser before sending */
  messageChars: 200,
  /** an element the attribution build names (a CSS selector) */
  targetChars: 100,
  /** a section's build id (today its 12-hex version; a release id later) */
  buildChars: 64,
} as const;

export type RumEvent =
  /** a page of this route was shown (the denominator of error and conversion rates) */
  | { kind: 'view'; route: MeasuredRouteId }
  | { kind: 'vital'; route: MeasuredRouteId; name: VitalName; value: number; target?: string }
  | { kind: 'error'; route: MeasuredRouteId; message: string }
  /** a section's code could not be loaded in the browser */
  | { kind: 'section-failed'; route: MeasuredRouteId; section: RemoteName }
  | { kind: 'conversion'; route: MeasuredRouteId; name: ConversionName };

/** One beacon: the build of each section on the page, and a few events. */
export interface RumBatch {
  builds: Partial<Record<RemoteName, string>>;
  events: RumEvent[];
}

/** GET /api/owner/field-health: the last days' figures per section and build. */
export interface FieldHealth {
  days: number;
  since: string;
  rows: FieldHealthRow[];
}

export interface FieldHealthRow {
  section: RemoteName | 'shell';
  build: string;
  views: number;
  /** JavaScript errors and failed section loads per view; null without views */
  errorRate: number | null;
  errors: number;
  /** p75 of each vital (ms; CLS a score), null without samples; samples: how many values each is from */
  p75: Record<VitalName, number | null>;
  samples: Record<VitalName, number>;
  conversions: Record<ConversionName, number>;
}
