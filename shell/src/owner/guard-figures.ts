import type { GuardFigures, GuardrailFigures } from '@portfolio/contracts/experiments';
import { msText } from './vital-text';

/** The guard's figures in words, for the results page (experiment-results-route.tsx) and the history. */
export const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);
export const ofVisitors = ({ events, visitors }: { events: number; visitors: number }) =>
  `${events} of ${visitors}${visitors > 0 ? ` (${percent(events / visitors)})` : ''}`;
export const evidenceText = (value: number) =>
  value >= 1e6 ? value.toExponential(1) : String(Math.round(value * 10) / 10);

export const guardrailTitles: Record<keyof GuardFigures['guardrails'], string> = {
  errors: 'Visitors with an error or failed load',
  LCP: 'LCP above the common p75',
  INP: 'INP above the common p75',
};
const shortTitles: Record<keyof GuardFigures['guardrails'], string> = { errors: 'Errors', LCP: 'LCP', INP: 'INP' };

/** One guardrail in a line: "Errors: evidence 31.2 of 20 needed; live 0 of 12, candidate 6 of 6". */
function guardrailInShort(name: keyof GuardFigures['guardrails'], figures: GuardrailFigures): string {
  const p75 = figures.p75
    ? ` (p75 ${[figures.p75.live, figures.p75.candidate].map((ms) => (ms === null ? '-' : msText(ms))).join(' and ')})`
    : '';
  return (
    `${shortTitles[name]}: evidence ${evidenceText(figures.evidence)} of ${evidenceText(figures.needed)} needed; ` +
    `live ${ofVisitors(figures.live)}, candidate ${ofVisitors(figures.candidate)}${p75}`
  );
}

/** The guardrails worth a line: those with any evidence of harm (above 1), else the errors one. */
export function guardrailsInShort(figures: GuardFigures): string[] {
  const names = (Object.keys(figures.guardrails) as Array<keyof GuardFigures['guardrails']>).filter(
    (name) => figures.guardrails[name].evidence > 1,
  );
  return (names.length > 0 ? names : ['errors' as const]).map((name) =>
    guardrailInShort(name, figures.guardrails[name]),
  );
}

/** "Visitors served: live 30, candidate 9 (measured 23.1 %, assigned 25.0 %)". */
export function servedInShort(figures: GuardFigures): string {
  const shares =
    figures.measuredShare !== null && figures.assignedShare !== null
      ? ` (candidate measured ${percent(figures.measuredShare)}, assigned ${percent(figures.assignedShare)})`
      : '';
  return `Visitors served: live ${figures.served.live}, candidate ${figures.served.candidate}${shares}`;
}
