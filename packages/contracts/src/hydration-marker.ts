/**
 * How a page says it is hydrated: the shell sets this attribute on <html> once React has committed the
 * page (hydrated, or rendered in the browser). The release command's browser check waits for it, so it
 * judges a page React has finished with, not one whose scripts are still arriving.
 */
export const hydratedAttribute = 'data-hydrated';

/** Sets the marker; in the shell's first effect. */
export function markHydrated(): void {
  document.documentElement.setAttribute(hydratedAttribute, '');
}
