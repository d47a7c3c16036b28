import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from '@portfolio/router';
import type { Experiment } from '@portfolio/contracts/experiments';
import { experimentApi } from './experiment-api';

/** How often the sections page asks whether a running rollout moved (a step, a roll back, its visitors), while seen. */
export const rolloutRefreshMs = 3000;

/**
 * While any rollout runs, the sections page follows them with one question every few seconds while the page is
 * seen (not one per card): the page reloads its data when a running rollout changed (a step, its visitors, a pause,
 * its end). Returns the time of the last tick, for the cards' countdowns.
 */
export function useFollowRollouts(experiments: Readonly<Record<string, Experiment | undefined>>): number {
  const { revalidate, state } = useRevalidator();
  // whether the page is loading its data already: then the tick asks nothing
  const loading = useRef(false);
  useEffect(() => {
    loading.current = state !== 'idle';
  }, [state]);
  const [now, setNow] = useState(() => Date.now());
  const running = Object.values(experiments).filter(
    (experiment): experiment is Experiment => experiment?.endedAt === null && experiment.rollout !== null,
  );
  const seen = running.length ? JSON.stringify(running) : '';
  useEffect(() => {
    if (!seen) return;
    const shown = JSON.parse(seen) as Experiment[];
    const asking = new AbortController();
    const timer = setInterval(() => {
      setNow(Date.now());
      if (document.visibilityState === 'hidden' || loading.current) return;
      experimentApi
        .list()
        .then((fresh) => {
          const moved = shown.some(
            (rollout) =>
              JSON.stringify(fresh.find((found) => found.section === rollout.section)) !== JSON.stringify(rollout),
          );
          if (moved && !asking.signal.aborted) void revalidate();
        })
        .catch(() => undefined); // the next tick asks again; the page's own load says what is wrong
    }, rolloutRefreshMs);
    return () => {
      asking.abort();
      clearInterval(timer);
    };
  }, [seen, revalidate]);
  return now;
}
