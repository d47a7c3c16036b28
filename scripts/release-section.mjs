#!/usr/bin/env node
// `npm run release -w mf-<section> -- --site <URL>`: each section's `release` script calls this with its name,
// in its own folder. The work is in packages/release-command.
import { releaseSection } from '@portfolio/release-command';

const [sectionName, ...args] = process.argv.slice(2);
process.exitCode = await releaseSection({ sectionName, sectionDir: process.cwd(), args, env: process.env });
