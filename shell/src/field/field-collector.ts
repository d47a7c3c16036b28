import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  rumLimits,
  rumPath,
  type MeasuredRouteId,
  type RumBatch,
  type RumEvent,
  type VitalName,
} from '@portfolio/contracts/field-events';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { FieldSignal, FieldSignals } from './field-signals';

/** A page that keeps failing sends this many events at most. */
const pageEventLimit = 100;
/** A query string or fragment of an absolute URL, and any `?…` (a relative URL's query): a visitor's data. */
const absoluteUrlTail = /([a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#]\S*/gi;
const queryTail = /\?\S*/g;

/** An error in one line of at most 200 characters, without the query string of any URL in it. */
export function messageOf(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    text = 'Error'; // an object without a string form
  }
  const clean = text
    .replace(absoluteUrlTail, '$1')
    .replace(queryTail, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  return clean.slice(0, rumLimits.messageChars).trim() || 'Error';
}

function eventOf(signal: FieldSignal, route: MeasuredRouteId): RumEvent {
  if (signal.kind === 'error') return { kind: 'error', route, message: messageOf(signal.error) };
  if (signal.kind === 'section-failed') return { kind: 'section-failed', route, section: signal.section };
  return { kind: 'conversion', route, name: signal.name };
}

export interface FieldContext {
  builds: Partial<Record<RemoteName, string>>;
  routeOf: () => MeasuredRouteId | null;
  signals: FieldSignals;
}

/**
 * The page's field measurements: a view per route shown, the four vitals of the landing route, and the
 * signals; sent in small batches with sendBeacon (fetch keepalive where it refuses) when the page is hidden.
 */
export function collectField({ builds, routeOf, signals }: FieldContext): void {
  const encoder = new TextEncoder();
  let queued: RumEvent[] = [];
  let added = 0;
  const send = () => {
    if (queued.length === 0) return;
    const body = JSON.stringify({ builds, events: queued } satisfies RumBatch);
    queued = [];
    // a string is sent as text/plain: no preflight, and the API reads it as JSON (api/src/rum/beacon-body.ts)
    if (!navigator.sendBeacon(rumPath, body)) {
      fetch(rumPath, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
    }
  };
  const add = (event: RumEvent) => {
    if (added++ >= pageEventLimit) return;
    const size = (events: RumEvent[]) => encoder.encode(JSON.stringify({ builds, events })).length;
    if (queued.length === rumLimits.events || size([...queued, event]) > rumLimits.bodyBytes) send();
    queued.push(event);
  };

  let shown = location.pathname;
  const landing = routeOf();
  if (landing) {
    add({ kind: 'view', route: landing });
    const sent = new Set<string>();
    // each vital once per page: a value reported again after the page was shown again would count twice
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
    if (location.pathname === shown) return;
    shown = location.pathname;
    const route = routeOf();
    if (route) add({ kind: 'view', route });
  });
  signals.take((signal, route) => add(eventOf(signal, route)));
  // after web-vitals' own listeners (added by the calls above), so the last INP and CLS go in this batch
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  addEventListener('pagehide', send);
}
