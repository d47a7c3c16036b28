import { matchRoutes, type RouteObject } from '@portfolio/router';
import { measuredRouteIds, type MeasuredRouteId } from '@portfolio/contracts/field-events';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { listenForSignals } from './field-signals';

/** Global Privacy Control or Do Not Track: nothing is measured and nothing is sent. */
function declinesMeasuring(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}

/** After the load event, when the browser is idle: the measurements never compete with the page. */
function whenIdle(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 10_000 }) : setTimeout(run, 1);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/**
 * Field measurements of a server-rendered page (docs/architecture.md "Field measurements"): signals are
 * listened for at once, the collector (web-vitals and the beacon, chunk "field") loads when the page is idle.
 * Answers the React root's error option, so that errors an error boundary shows are counted too; null when
 * the visitor declines to be measured.
 */
export function measureField(builds: Partial<Record<RemoteName, string>>, routes: RouteObject[]) {
  if (declinesMeasuring()) return null;
  const routeOf = (): MeasuredRouteId | null => {
    const id = matchRoutes(routes, location.pathname)?.at(-1)?.route.id;
    return measuredRouteIds.includes(id as MeasuredRouteId) ? (id as MeasuredRouteId) : null;
  };
  const signals = listenForSignals(routeOf);
  whenIdle(() => {
    import(/* webpackChunkName: "field" */ './field-collector').then(
      ({ collectField }) => collectField({ builds, routeOf, signals }),
      () => undefined, // a page that cannot fetch the chunk is simply not measured
    );
  });
  return {
    onCaughtError(error: unknown) {
      signals.note({ kind: 'error', error });
      console.error(error); // what React does without this option
    },
  };
}
