import { runGroup } from '../spec-group.js';

await runGroup(1);
