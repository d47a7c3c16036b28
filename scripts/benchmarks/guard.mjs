#!/usr/bin/env node
// `npm run bench:guard`: simulated experiments run through the guard's own decision (api/src/experiments/guard.ts,
// the function the running guard calls), one visitor at a time, the guard deciding after every visitor. Prints what
// share of runs it stopped and after how many of the candidate's visitors (docs/experiments.md "The guard").
//   --runs N          simulated experiments (default 1000)
//   --effect X        the candidate's error rate as a multiple of live's (default 1: an A/A test)
//   --rate X          live's error rate per visitor, 0-1 (default 0.02)
//   --share X         the candidate's share of visitors, 0-1 (default 0.5)
//   --max-visitors N  per variant: a run ends when both have had this many (default 3000)
//   --lcp-ms N        ms the candidate adds to live's p75 LCP (default 0)
//   --seed N          the generator's seed (default 1)
//   --rule R          sequential (the guard) or old (the rule it replaced; default sequential)
//   --json            the last line is one JSON object with every figure
// Needs the API's build (npm run build -w api, or npm run build).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { repoRoot } from '../parts.mjs';

const built = path.join(repoRoot, 'api/dist/experiments/guard-simulation.js');
if (!existsSync(built)) {
  console.error('bench:guard runs the API build: npm run build -w api first');
  process.exit(1);
}
const { simulate } = await import(pathToFileURL(built).href);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    effect: { type: 'string', default: '1' },
    rate: { type: 'string', default: '0.02' },
    share: { type: 'string', default: '0.5' },
    'max-visitors': { type: 'string', default: '3000' },
    'lcp-ms': { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    rule: { type: 'string', default: 'sequential' },
    json: { type: 'boolean', default: false },
  },
});

/** A number option within its bounds, or a clear error. */
function option(name, { min, max, whole = false, above = false }) {
  const number = Number(values[name]);
  const fits = Number.isFinite(number) && (above ? number > min : number >= min) && number <= max;
  if (!fits || (whole && !Number.isInteger(number))) {
    console.error(
      `--${name} must be ${whole ? 'a whole number ' : ''}from ${min}${above ? ' (exclusive)' : ''} to ${max}`,
    );
    process.exit(2);
  }
  return number;
}

if (!['sequential', 'old'].includes(values.rule)) {
  console.error('--rule must be sequential or old');
  process.exit(2);
}
const options = {
  runs: option('runs', { min: 1, max: 1_000_000, whole: true }),
  effect: option('effect', { min: 0, max: 1000 }),
  rate: option('rate', { min: 0, max: 1, above: true }),
  share: option('share', { min: 0, max: 0.99, above: true }),
  maxVisitors: option('max-visitors', { min: 1, max: 10_000_000, whole: true }),
  lcpMs: option('lcp-ms', { min: -1000, max: 60_000 }),
  seed: option('seed', { min: 0, max: 2 ** 32 - 1, whole: true }),
  rule: values.rule,
};

const started = performance.now();
const result = simulate(options);
const seconds = (performance.now() - started) / 1000;

const percent = (value) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);
const visitors = (value) => (value === null ? `not within ${options.maxVisitors}` : String(value));
console.log(
  `${options.rule} rule, ${options.runs} runs: live errs for ${percent(options.rate)} of visitors, the candidate ` +
    `${options.effect}x that${options.lcpMs ? ` and +${options.lcpMs} ms of p75 LCP` : ''}, ` +
    `${percent(options.share)} of visitors on it, up to ${options.maxVisitors} per variant (seed ${options.seed})`,
);
if (result.falseStopRate !== null) console.log(`  false stop rate: ${percent(result.falseStopRate)}`);
if (result.detectionRate !== null) console.log(`  detection rate: ${percent(result.detectionRate)}`);
console.log(
  `  the candidate's visitors when stopped: median ${visitors(result.medianVisitorsToStop)}, ` +
    `9 runs in 10 ${visitors(result.p90VisitorsToStop)}`,
);
console.log(
  `  stopped by: ${JSON.stringify(result.stoppedBy)}; sample ratio mismatch reported in ${percent(result.mismatchRate)}`,
);
console.log(`  ${seconds.toFixed(1)} s`);
if (values.json) console.log(JSON.stringify({ ...result, seconds: Math.round(seconds * 10) / 10 }));
