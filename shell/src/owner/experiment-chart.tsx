import { useEffect, useRef } from 'react';
import type { ResultsHour } from '@portfolio/contracts/experiments';
import styles from './owner.module.css';

/** What one chart shows of an hour's figures, per variant; null where there is nothing to show. */
export type HourValue = (figures: ResultsHour['live']) => number | null;

const seriesColours = { live: '#6c757d', candidate: '#d63384' };

const hourSeconds = 3600;

/**
 * The time axis: the hours measured, or an hour either side of a single one. uPlot's own range for a single time
 * is a day in milliseconds read as seconds (1,000 days), which spread one hour over three years.
 */
export function timeRange(times: readonly number[]): [number, number] {
  const first = Math.min(...times);
  const last = Math.max(...times);
  return first === last ? [first - hourSeconds, last + hourSeconds] : [first, last];
}

/** Tick labels of small figures (CLS is a few thousandths): two significant digits, not rounded to 0.001 alike. */
export const tickLabel = (value: number | null): string =>
  value === null ? '' : Math.abs(value) < 1 ? String(Number(value.toPrecision(2))) : value.toLocaleString('en-US');

/**
 * One metric over time for both variants, drawn by uPlot (a small, maintained canvas chart library). It is
 * imported when the chart mounts, so it is fetched only on the owner's results page, never by a visitor.
 */
export function ExperimentChart({ title, hours, value }: { title: string; hours: ResultsHour[]; value: HourValue }) {
  const box = useRef<HTMLDivElement>(null);
  const measured = hours.some((hour) => value(hour.live) !== null || value(hour.candidate) !== null);
  useEffect(() => {
    if (!measured) return;
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
            scales: { x: { time: true, range: () => timeRange(times) } },
            axes: [{}, { size: 60, values: (_chart, splits) => splits.map(tickLabel) }],
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
  }, [hours, value, measured]);
  return (
    <figure className="mb-4">
      <figcaption className="h6">{title}</figcaption>
      {measured ? (
        <div ref={box} className={styles.chart} role="img" aria-label={`${title}, live and candidate by the hour`} />
      ) : (
        <p className="text-body-secondary">No measurements yet.</p>
      )}
    </figure>
  );
}
