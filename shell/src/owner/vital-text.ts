import type { VitalName } from '@portfolio/contracts/field-events';

/** A duration on the owner's pages, one way everywhere: whole milliseconds, thousands grouped ("1,210 ms"). */
export const msText = (ms: number): string => `${Math.round(ms).toLocaleString('en-US')} ms`;

/** A web vital's value: CLS is a score ("0.05"), the others durations. */
export const vitalText = (name: VitalName, value: number): string =>
  name === 'CLS' ? value.toFixed(2) : msText(value);
