import { pageLimits, type MeasuredRouteId } from './field-beacon.js';
import type { RemoteName } from './remote-routes.js';

/**
 * Field measurements: what a visitor's browser reports to `POST /api/rum` (docs/architecture.md "Field
 * measurements"). A module of its own, without zod: the API checks bodies with field-events-schema.ts. What
 * the shell's collector needs to send (the path, the limits, the routes measured) is in field-beacon.ts, so
 * that its chunk, on every visitor's page, carries only that.
 */

export { measuredRouteIds, pageLimits, proofTimingName, beaconPath, type MeasuredRouteId } from './field-beacon.js';

/** The limits of a beacon: what a page keeps to, and what the API alone checks. */
export const beaconLimits = {
  ...pageLimits,
  /**
   * a batch's body: more than any valid batch takes (field-events.test.ts), so that the collector flushes by
   * counting events and never measures a body
   */
  bodyBytes: 81_920,
  /** an element the attribution build names (a CSS selector) */
  targetChars: 100,
  /** a page view's proof (api/src/field/page-view-proofs.ts signs a few hundred characters) */
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

export type FieldEvent =
  /** a page of this route was shown (the denominator of error and conversion rates) */
  | { kind: 'view'; route: MeasuredRouteId }
  | { kind: 'vital'; route: MeasuredRouteId; name: VitalName; value: number; target?: string }
  /** stack: the error's stack as the browser wrote it (its URLs' query strings cut), where it had one */
  | { kind: 'error'; route: MeasuredRouteId; message: string; stack?: string }
  /** a section's code could not be loaded in the browser */
  | { kind: 'section-failed'; route: MeasuredRouteId; section: RemoteName }
  | { kind: 'conversion'; route: MeasuredRouteId; name: ConversionName };

/**
 * One beacon: the proof of the page view the server sent (which names the build of each section on the page:
 * a beacon cannot name one), and a few events.
 */
export interface FieldBatch {
  proof: string;
  events: FieldEvent[];
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
  /** this build's error groups in these days (at most errorGroupLimits.perBuild, new ones first); [] for the shell */
  errorGroups: ErrorGroup[];
}

/**
 * Errors grouped per release (docs/field-measurements in docs/architecture.md, "Error groups"): each reported error
 * is fingerprinted on the server from its message, numbers, ids and quoted values taken out, and the top frames of the
 * section's own code, read through the source maps kept with the release (never served). With the owner's session:
 *   GET /api/owner/field-health/errors?section=<name>&build=<release id>  -> ErrorGroups (that build, 90 days)
 * and FieldHealth's rows carry each build's groups of the last days.
 */
export const errorGroupLimits = {
  /** frames of the section's own code a fingerprint is made of (and shown) */
  frames: 3,
  /** groups per build in the owner's views, the most reported first (new ones first on the results page) */
  perBuild: 10,
  /** a group's message as kept and shown */
  messageChars: 200,
} as const;

/** One frame of a section's own code, as its release's source map tells it (or as the stack said, unmapped). */
export interface ErrorFrame {
  /** the source file (`src/pages/about-page.tsx`), or the release's file when it has no map */
  file: string;
  line: number;
  column: number;
  /** the function, by its name in the source; null when neither the map nor the stack names it */
  function: string | null;
  /** false: the release has no map for this file, the place is the built file's */
  mapped: boolean;
}

export interface ErrorGroup {
  /** 16 hex digits: the section, the normalized message and the frames' files and functions */
  fingerprint: string;
  /** the message as first reported, its numbers, ids and quoted values stripped */
  message: string;
  frames: ErrorFrame[];
  /** reports of this build, and its page views that reported it (no cookie or visitor id is used for measuring) */
  count: number;
  visitors: number;
  /** the first build of the section it was reported from, and when (ISO) */
  firstBuild: string;
  firstSeen: string;
  /** the section's live build never reported it (for the live build itself: first reported from it) */
  newInRelease: boolean;
}

export interface ErrorGroups {
  section: RemoteName;
  build: string;
  /** the section's live release id when asked, null when it is not a release of this site */
  liveBuild: string | null;
  groups: ErrorGroup[];
}
