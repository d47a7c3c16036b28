import { useEffect, useRef } from 'react';
import type { ResultsHour } from '@portfolio/contracts/experiments';
import styles from './owner.module.css';

/** What one chart shows of an hour's figures, per variant; null where there is nothing to show. */
export type HourValue = (figures: ResultsHour['live']) => number | null;

const seriesColours = { live: '#6c757d', candidate: '#d63384' };

/**
 * One metric over time for both variants, drawn by uPlot (a small, maintained canvas chart library). It is
 * imported when the chart mounts, so it is fetched only on the owner's results page, never by a visitor.
 */
export function ExperimentChart({ title, hours, value }: { title: string; hours: ResultsHour[]; value: HourValue }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { destroy: () => void; setSize: (size: { width: number; height: number }) => void } | null = null;
    let gone = false;
    const sizeOf = () => ({ width: Math.max(240, box.current?.clientWidth ?? 600), height: 200 });
    const resize = () => chart?.setSize(sizeOf());
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (gone || !box.current) return;
        const times = hours.map((hour) => Date.parse(hour.hour) / 1000);
        const data = [times, hours.map((hour) => value(hour.live)), hours.map((hour) => value(hour.candidate))];
        chart = new UPlot(
          {
            ...sizeOf(),
            series: [
              {},
              { label: 'Live', stroke: seriesColours.live, width: 2, spanGaps: true },
              { label: 'Candidate', stroke: seriesColours.candidate, width: 2, dash: [6, 4], spanGaps: true },
            ],
            // one hour alone would be spread over years: an hour either side of it instead
            scales: {
              x: { time: true, range: (_chart, min, max) => (min === max ? [min - 3600, max + 3600] : [min, max]) },
            },
            axes: [{}, { size: 60 }],
          },
          data as [number[], ...Array<Array<number | null>>],
          box.current,
        );
        window.addEventListener('resize', resize);
      })
      .catch(() => {
        if (box.current) box.current.textContent = 'The chart could not be drawn here; the figures above stand.';
      });
    return () => {
      gone = true;
      window.removeEventListener('resize', resize);
      chart?.destroy();
    };
  }, [hours, value]);
  return (
    <figure className="mb-4">
      <figcaption className="h6">{title}</figcaption>
      <div ref={box} className={styles.chart} role="img" aria-label={`${title}, live and candidate by the hour`} />
    </figure>
  );
}
