import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  measuredRouteIds,
  pageLimits,
  proofTimingName,
  beaconPath,
  type MeasuredRouteId,
} from '@portfolio/contracts/field-beacon';
import type { ConversionName, FieldBatch, FieldEvent, VitalName } from '@portfolio/contracts/field-events';
import { conversionEventType, sectionFailedEventType } from '@portfolio/contracts/field-signals';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { FieldSignal } from './measure-field';

/**
 * The query string or fragment of an absolute URL (kept up to its path), and any other `?…` (a relative
 * URL's query): a visitor's data.
 */
const urlTails = /([a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#]\S*|\?\S*/gi;

/**
 * An error as it is sent: its message in one line of at most 200 characters, and its stack in lines of at most 1,000
 * ('' when it has none)
 * (the API reads the section's frames from it), each without the query string of any URL in it.
 */
export function errorOf(error: unknown): { message: string; stack: string } {
  let text = '';
  let stack = '';
  try {
    text = String(error);
    // whatever the thrower put there, as text (cleaned and cut below like the message)
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any value, on purpose
    stack = String((Object(error) as { stack?: unknown }).stack ?? '');
  } catch {
    // an object without a string form: 'Error' below
  }
  // an Error's string form is its name and message
  const clean = (value: string, others: RegExp, chars: number) =>
    value.replace(urlTails, '$1').replace(others, ' ').trim().slice(0, chars);
  return {
    message: clean(text, /[\p{Cc}\s]+/gu, pageLimits.messageChars) || 'Error',
    // '' where there is none: the API groups such an error by its message
    stack: clean(stack, /[^\P{Cc}\n]+/gu, pageLimits.stackChars),
  };
}

interface FieldContext {
  /** the id of the route a path shows (the shell's route table) */
  routeIdOf: (path: string) => string | undefined;
  /** what the page heard and hears (measure-field.ts) */
  take: (handler: (signal: FieldSignal) => void) => void;
}

/**
 * The page's field measurements: a view per route shown, the four vitals of the landing route, and the
 * signals; sent in small batches with sendBeacon when the page is hidden, or when a batch is full, each with the
 * page view's proof (which also names the page's section builds).
 */
export function collectField({ routeIdOf, take }: FieldContext): void {
  // the proof of this page view the server sent with the page (a `Server-Timing` entry of its response, read through
  // its navigation timing); none (a page not sent to be measured, a browser hiding the entry): nothing is sent
  const proof = performance
    .getEntriesByType('navigation')[0]
    ?.serverTiming.find(({ name }) => name === proofTimingName)?.description;
  if (!proof) return;
  const routeOf = (path = location.pathname) => {
    const id = routeIdOf(path) as MeasuredRouteId;
    return measuredRouteIds.includes(id) ? id : null;
  };
  let queued: FieldEvent[] = [];
  let added = 0;
  // a string is sent as text/plain: no preflight, and the API reads it as JSON (api/src/field/beacon-body.ts)
  const send = () => {
    if (queued.length > 0)
      navigator.sendBeacon(beaconPath, JSON.stringify({ proof, events: queued } satisfies FieldBatch));
    queued = [];
  };
  // a full batch is sent at once: any batch of pageLimits.events fits beaconLimits.bodyBytes (field-events.test.ts)
  const add = (event: FieldEvent) => {
    if (added++ < pageLimits.pageEvents && queued.push(event) === pageLimits.events) send();
  };
  const view = (route: MeasuredRouteId | null) => route && add({ kind: 'view', route });

  let shown = location.pathname;
  const landing = routeOf();
  if (landing) {
    view(landing);
    // each vital once per page: a value reported again after the page was shown again would count twice
    const sent = new Set<string>();
    const vital = ({ id, name, value }: Metric & { name: VitalName }) => {
      if (sent.has(id)) return;
      sent.add(id);
      add({
        kind: 'vital',
        route: landing,
        name,
        value: name === 'CLS' ? Math.round(value * 1e4) / 1e4 : Math.round(value),
      });
    };
    onLCP(vital);
    onINP(vital);
    onCLS(vital);
    onTTFB(vital);
  }
  // a route reached in the page (the Navigation API, where the browser has it) is a view of its own
  (window as { navigation?: EventTarget }).navigation?.addEventListener('currententrychange', () => {
    if (location.pathname !== shown) view(routeOf((shown = location.pathname)));
  });
  // a signal counts against the route it happened on; the owner's area (no measured route) is never sent
  take(([event, path]) => {
    const route = routeOf(path);
    if (!route) return;
    // an error event's error (or its message, for a script of another origin), a rejection's reason
    const { type, detail, error, message, reason } = event as Event &
      Partial<{ detail: unknown; error: unknown; message: string; reason: unknown }>;
    add(
      type === sectionFailedEventType
        ? { kind: 'section-failed', route, section: detail as RemoteName }
        : type === conversionEventType
          ? { kind: 'conversion', route, name: detail as ConversionName }
          : { kind: 'error', route, ...errorOf(reason ?? error ?? message) },
    );
  });
  // after web-vitals' own listeners (added by the calls above), so the last INP and CLS go in this batch
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  addEventListener('pagehide', send);
}
