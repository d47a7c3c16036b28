import Sequencer from '@jest/test-sequencer';
import { specFiles } from './spec-files.mjs';

const isGroup = (test) => test.path.endsWith('.e2e-group.ts');

/**
 * The order of jest's test files, and which of them a run takes: a run of every spec file of the pglite or
 * postgres project (`npm test`) takes its groups instead (test/spec-group.ts: one evaluation of the app's modules
 * for several specs); a run that names some files (`npm test -w api -- test/x.e2e-spec.ts`) takes those alone.
 */
export default class SpecSequencer extends Sequencer {
  sort(tests) {
    const byProject = Map.groupBy(tests, (test) => test.context.config.displayName?.name ?? '');
    const taken = [];
    for (const [project, ofProject] of byProject) {
      const groups = ofProject.filter(isGroup);
      const specs = ofProject.filter((test) => !isGroup(test));
      if (groups.length === 0) taken.push(...specs);
      else if (specs.length === 0) taken.push(...groups);
      else {
        const all = new Set(specFiles(project));
        const whole = all.size === specs.length && specs.every((test) => all.has(test.path));
        taken.push(...(whole ? groups : specs));
      }
    }
    return super.sort(taken);
  }
}
