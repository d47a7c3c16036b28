import { useSyncExternalStore } from 'react';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(reducedMotionQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(reducedMotionQuery).matches;

/** True while the visitor asks the system for less motion; follows the setting live. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
