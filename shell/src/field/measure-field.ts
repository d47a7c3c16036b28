import { matchRoutes, type RouteObject } from '@portfolio/router';
import { conversionEventType, sectionFailedEventType } from '@portfolio/contracts/field-signals';

/**
 * What the page heard, as the browser dispatched it (`error`, `unhandledrejection`, a failed section's or a
 * conversion's `CustomEvent`), with the path of the page it happened on: the collector makes the event.
 */
export type FieldSignal = [event: Event, path: string];

/** What waits for the collector, which loads once the page is idle: a page that fails at once fails a few times. */
const waitingLimit = 20;

/**
 * Field measurements of a server-rendered page (docs/architecture.md "Field measurements"). In every page's
 * first code, so it only listens and keeps what it hears (JavaScript errors, failed section loads,
 * conversions: a section that throws while hydrating does so long before the collector loads); the collector
 * (web-vitals and the beacon, chunk "field") loads when the page is idle after the load event, and does the rest.
 * Answers the React root's error option, so that errors an error boundary shows are counted too; null when
 * the visitor declines to be measured (Global Privacy Control or Do Not Track): nothing is measured nor sent.
 */
export function measureField(routes: RouteObject[]) {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.globalPrivacyControl === true || nav.doNotTrack === '1') return null;
  const waiting: FieldSignal[] = [];
  let deliver = (signal: FieldSignal): unknown => waiting.length < waitingLimit && waiting.push(signal);
  const note = (event: Event) => deliver([event, location.pathname]);
  for (const type of ['error', 'unhandledrejection', sectionFailedEventType, conversionEventType]) {
    addEventListener(type, note);
  }
  const collect = () => {
    import(/* webpackChunkName: "field" */ './field-collector').then(
      ({ collectField }) =>
        collectField({
          routeIdOf: (path) => matchRoutes(routes, path)?.at(-1)?.route.id,
          // the collector takes what waited, then everything as it comes
          take(handler) {
            deliver = handler;
            for (const signal of waiting.splice(0)) handler(signal);
          },
        }),
      () => undefined, // a page that cannot fetch the chunk is simply not measured
    );
  };
  // after the load event, when the browser is idle: the measurements never compete with the page
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(collect, { timeout: 10_000 }) : setTimeout(collect, 1);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle);
  return {
    onCaughtError(error: unknown) {
      note(new ErrorEvent('error', { error }));
      console.error(error); // what React does without this option
    },
  };
}
