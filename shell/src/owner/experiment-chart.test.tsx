import { render, screen } from '@testing-library/react';
import type { HourFigures, ResultsHour } from '@portfolio/contracts/experiments';
import { ExperimentChart, tickLabel, timeRange } from './experiment-chart';

const figures = (inp: number | null): HourFigures => ({
  visitors: 3,
  errors: 0,
  p75: { LCP: 1200, INP: inp, CLS: 0, TTFB: 80 },
});
const hour = (at: string, inp: number | null): ResultsHour => ({
  hour: at,
  live: figures(inp),
  candidate: figures(inp),
});

describe('an experiment chart', () => {
  it('draws a single hour an hour either side of it, and several hours from the first to the last', () => {
    expect(timeRange([1_764_100_800])).toEqual([1_764_097_200, 1_764_104_400]);
    expect(timeRange([1_764_104_400, 1_764_100_800, 1_764_111_600])).toEqual([1_764_100_800, 1_764_111_600]);
  });

  it('labels small figures with two significant digits and large ones whole', () => {
    expect([0.0002, 0.0004, 0.0006, 0.1, 0].map(tickLabel)).toEqual(['0.0002', '0.0004', '0.0006', '0.1', '0']);
    expect([1200, 3000, null].map(tickLabel)).toEqual(['1,200', '3,000', '']);
  });

  it('says a metric has no measurements instead of drawing an empty chart', () => {
    render(
      <ExperimentChart
        title="INP, p75"
        hours={[hour('2026-11-25T21:00:00.000Z', null)]}
        value={(hourFigures) => hourFigures.p75.INP}
      />,
    );
    expect(screen.getByText('No measurements yet.')).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws a metric that has measurements (the chart itself loads with uPlot)', () => {
    render(
      <ExperimentChart
        title="INP, p75"
        hours={[hour('2026-11-25T21:00:00.000Z', 40)]}
        value={(hourFigures) => hourFigures.p75.INP}
      />,
    );
    expect(screen.getByRole('img', { name: 'INP, p75, live and candidate by the hour' })).toBeInTheDocument();
    expect(screen.queryByText('No measurements yet.')).toBeNull();
  });
});
