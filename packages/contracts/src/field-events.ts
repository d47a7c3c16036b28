import { pageLimits, type MeasuredRouteId } from './field-beacon.js';
import type { RemoteName } from './remote-routes.js';

/**
 * Field measurements: what a visitor's browser reports to `POST /api/rum` (docs/architecture.md "Field
 * measurements"). A module of its own, without zod: the API checks bodies with field-events-schema.ts. What
 * the shell's collector needs to send (the path, the limits, the routes measured) is in field-beacon.ts, so
 * that its chunk, on every visitor's page, carries only that.
 */

export { measuredRouteIds, pageLimits, proofTimingName, rumPath, type MeasuredRouteId } from './field-beacon.js';

/** The limits of a beacon: what a page keeps to, and what the API alone checks. */
export const rumLimits = {
  ...pageLimits,
  /**
   * a batch's body: more than any valid batch takes (field-events.test.ts), so that the collector flushes by
   * counting events and never measures a body
   */
  bodyBytes: 16_384,
  /** an element the attribution build names (a CSS selector) */
  targetChars: 100,
  /** a page view's proof (api/src/rum/page-view-proofs.ts signs a few hundred characters) */
  proofChars: 1024,
} as const;

/** What a visitor did that the site exists for (a section reports one with field-signals.ts). */
export const conversionNames = ['contact-sent', 'resume-downloaded', 'door-followed'] as const;
export type ConversionName = (typeof conversionNames)[number];

/** Core Web Vitals from `web-vitals`: milliseconds, except CLS (a unitless score). */
export const vitalNames = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof vitalNames)[number];

/** The largest value of each vital the API keeps: anything above is a broken clock or a forged body. */
export const vitalMaximum: Readonly<Record<VitalName, number>> = { LCP: 120_000, INP: 60_000, CLS: 50, TTFB: 120_000 };

export type RumEvent =
  /** a page of this route was shown (the denominator of error and conversion rates) */
  | { kind: 'view'; route: MeasuredRouteId }
  | { kind: 'vital'; route: MeasuredRouteId; name: VitalName; value: number; target?: string }
  | { kind: 'error'; route: MeasuredRouteId; message: string }
  /** a section's code could not be loaded in the browser */
  | { kind: 'section-failed'; route: MeasuredRouteId; section: RemoteName }
  | { kind: 'conversion'; route: MeasuredRouteId; name: ConversionName };

/**
 * One beacon: the proof of the page view the server sent (which names the build of each section on the page:
 * a beacon cannot name one), and a few events.
 */
export interface RumBatch {
  proof: string;
  events: RumEvent[];
}

/** The owner's view keeps this many builds per section, those with the most page views. */
export const fieldHealthBuildsPerSection = 5;

/** GET /api/owner/field-health: the last days' figures per section and build. */
export interface FieldHealth {
  days: number;
  since: string;
  rows: FieldHealthRow[];
  /** builds measured but left out (fewer page views than the `fieldHealthBuildsPerSection` shown of their section) */
  omitted: number;
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
