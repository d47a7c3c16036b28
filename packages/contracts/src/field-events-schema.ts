import * as z from 'zod/mini';
import { checkBody, type BodyCheck } from './body-check.js';
import {
  conversionNames,
  measuredRouteIds,
  beaconLimits,
  vitalMaximum,
  vitalNames,
  type FieldBatch,
} from './field-events.js';
import { remoteNames } from './remote-routes.js';

/** One line of printable text: no control characters (they would reach the owner's page and logs). */
const printable = /^\P{Cc}*$/u;
/** Lines of printable text (a stack). */
const printableLines = /^(?:\n|\P{Cc})*$/u;
/** A query string (of any URL) or an absolute URL's fragment may carry a visitor's data: the browser strips them. */
const urlWithQuery = /[a-z][a-z0-9+.-]*:\/\/\S*[?#]|\?\S/i;

const route = z.enum(measuredRouteIds as [string, ...string[]], 'Unknown route.');

const view = z.strictObject({ kind: z.literal('view'), route });

const vital = z
  .strictObject({
    kind: z.literal('vital'),
    route,
    name: z.enum(vitalNames, 'Unknown metric.'),
    // z.number() refuses NaN and Infinity
    value: z.number('Must be a number.').check(z.gte(0, 'Must not be negative.')),
    target: z.optional(
      z.string('Must be text.').check(z.maxLength(beaconLimits.targetChars), z.regex(printable, 'Must be one line.')),
    ),
  })
  .check(z.refine((event) => event.value <= vitalMaximum[event.name], 'A vital out of its range.'));

const error = z.strictObject({
  kind: z.literal('error'),
  route,
  message: z.string('Must be text.').check(
    z.minLength(1, 'Required.'),
    z.maxLength(beaconLimits.messageChars, `At most ${beaconLimits.messageChars} characters.`),
    z.regex(printable, 'Must be one line without control characters.'),
    z.refine((text) => !urlWithQuery.test(text), 'Must not hold a URL with a query string.'),
  ),
  stack: z.optional(
    z.string('Must be text.').check(
      z.maxLength(beaconLimits.stackChars, `At most ${beaconLimits.stackChars} characters.`),
      z.regex(printableLines, 'Must be lines without other control characters.'),
      z.refine((text) => !urlWithQuery.test(text), 'Must not hold a URL with a query string.'),
    ),
  ),
});

const sectionFailed = z.strictObject({
  kind: z.literal('section-failed'),
  route,
  section: z.enum(remoteNames as [string, ...string[]], 'Unknown section.'),
});

const conversion = z.strictObject({ kind: z.literal('conversion'), route, name: z.enum(conversionNames) });

/** Its signature is checked by the API (api/src/field/page-view-proofs.ts): here only its form. */
const proof = z
  .string('Must be text.')
  .check(
    z.maxLength(beaconLimits.proofChars, `At most ${beaconLimits.proofChars} characters.`),
    z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'Not a page view proof.'),
  );

/** A beacon's body: the page view's proof and 1 to 10 events, each of a known kind, nothing else. */
const fieldBatchSchema = z.strictObject({
  proof,
  events: z
    .array(z.discriminatedUnion('kind', [view, vital, error, sectionFailed, conversion]))
    .check(z.minLength(1, 'No events.'), z.maxLength(beaconLimits.events, `At most ${beaconLimits.events} events.`)),
});

export const checkFieldBatch = (value: unknown): BodyCheck<FieldBatch> =>
  checkBody(fieldBatchSchema, value) as BodyCheck<FieldBatch>;
