import doerClosed from './door-art/doer-closed.svg';
import doerOpen from './door-art/doer-open.svg';
import grandmasterClosed from './door-art/grandmaster-closed.svg';
import grandmasterOpen from './door-art/grandmaster-open.svg';
import leaderClosed from './door-art/leader-closed.svg';
import leaderOpen from './door-art/leader-open.svg';
import makerClosed from './door-art/maker-closed.svg';
import makerOpen from './door-art/maker-open.svg';
import managerClosed from './door-art/manager-closed.svg';
import managerOpen from './door-art/manager-open.svg';
import matLabels from './door-art/mat-labels.svg';
import mechanicClosed from './door-art/mechanic-closed.svg';
import mechanicOpen from './door-art/mechanic-open.svg';
import musicianClosed from './door-art/musician-closed.svg';
import musicianOpen from './door-art/musician-open.svg';
import problemSolverClosed from './door-art/problem-solver-closed.svg';
import problemSolverOpen from './door-art/problem-solver-open.svg';
import softwareEngineerClosed from './door-art/software-engineer-closed.svg';
import softwareEngineerOpen from './door-art/software-engineer-open.svg';
import websiteBuilderClosed from './door-art/website-builder-closed.svg';
import websiteBuilderOpen from './door-art/website-builder-open.svg';

/** Door art the door data names by file (drawn by scripts/draw-door-art.mjs). */
const imagesByName: Readonly<Record<string, string>> = {
  'doer-closed.svg': doerClosed,
  'doer-open.svg': doerOpen,
  'grandmaster-closed.svg': grandmasterClosed,
  'grandmaster-open.svg': grandmasterOpen,
  'leader-closed.svg': leaderClosed,
  'leader-open.svg': leaderOpen,
  'maker-closed.svg': makerClosed,
  'maker-open.svg': makerOpen,
  'manager-closed.svg': managerClosed,
  'manager-open.svg': managerOpen,
  'mat-labels.svg': matLabels,
  'mechanic-closed.svg': mechanicClosed,
  'mechanic-open.svg': mechanicOpen,
  'musician-closed.svg': musicianClosed,
  'musician-open.svg': musicianOpen,
  'problem-solver-closed.svg': problemSolverClosed,
  'problem-solver-open.svg': problemSolverOpen,
  'software-engineer-closed.svg': softwareEngineerClosed,
  'software-engineer-open.svg': softwareEngineerOpen,
  'website-builder-closed.svg': websiteBuilderClosed,
  'website-builder-open.svg': websiteBuilderOpen,
};

/** A door picture's URL; "file.svg#view" keeps the fragment, which picks one icon of a sprite. */
export function doorImageUrl(name: string): string {
  const [file = '', fragment] = name.split('#');
  const url = imagesByName[file];
  if (!url) throw new Error(`No door art named ${file}`);
  return fragment ? `${url}#${fragment}` : url;
}
