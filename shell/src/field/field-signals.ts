import type { MeasuredRouteId } from '@portfolio/contracts/field-events';
import { conversionEventType, sectionFailedEventType, type ConversionName } from '@portfolio/contracts/field-signals';
import type { RemoteName } from '@portfolio/contracts/remote-routes';

export type FieldSignal =
  | { kind: 'error'; error: unknown }
  | { kind: 'section-failed'; section: RemoteName }
  | { kind: 'conversion'; name: ConversionName };

type Deliver = (signal: FieldSignal, route: MeasuredRouteId) => void;

/** What waits for the collector, which loads once the page is idle: a page that fails at once fails a few times. */
const waitingLimit = 20;

/**
 * Listens from the first moment (a section that throws while hydrating does so long before the collector
 * loads): JavaScript errors, failed section loads and conversions, each with the route it happened on; the
 * owner's area (no measured route) is never noted.
 */
export function listenForSignals(routeOf: () => MeasuredRouteId | null) {
  const waiting: Array<[FieldSignal, MeasuredRouteId]> = [];
  let deliver: Deliver = (signal, route) => waiting.length < waitingLimit && waiting.push([signal, route]);
  const note = (signal: FieldSignal) => {
    const route = routeOf();
    if (route) deliver(signal, route);
  };
  addEventListener('error', (event) => note({ kind: 'error', error: event.error ?? event.message }));
  addEventListener('unhandledrejection', (event) => note({ kind: 'error', error: event.reason }));
  addEventListener(sectionFailedEventType, (event) =>
    note({ kind: 'section-failed', section: (event as CustomEvent<RemoteName>).detail }),
  );
  addEventListener(conversionEventType, (event) =>
    note({ kind: 'conversion', name: (event as CustomEvent<ConversionName>).detail }),
  );
  return {
    note,
    /** The collector takes what waited, then everything as it comes. */
    take(handler: Deliver) {
      deliver = handler;
      for (const [signal, route] of waiting.splice(0)) handler(signal, route);
    },
  };
}

export type FieldSignals = ReturnType<typeof listenForSignals>;
