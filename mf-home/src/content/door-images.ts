import doerClosed from './door-art/doer-closed.svg?raster';
import doerOpen from './door-art/doer-open.svg?raster';
import grandmasterClosed from './door-art/grandmaster-closed.svg?raster';
import grandmasterOpen from './door-art/grandmaster-open.svg?raster';
import leaderClosed from './door-art/leader-closed.svg?raster';
import leaderOpen from './door-art/leader-open.svg?raster';
import makerClosed from './door-art/maker-closed.svg?raster';
import makerOpen from './door-art/maker-open.svg?raster';
import managerClosed from './door-art/manager-closed.svg?raster';
import managerOpen from './door-art/manager-open.svg?raster';
import matLabelViews from './door-art/mat-labels.svg?raster&views';
import mechanicClosed from './door-art/mechanic-closed.svg?raster';
import mechanicOpen from './door-art/mechanic-open.svg?raster';
import musicianClosed from './door-art/musician-closed.svg?raster';
import musicianOpen from './door-art/musician-open.svg?raster';
import problemSolverClosed from './door-art/problem-solver-closed.svg?raster';
import problemSolverOpen from './door-art/problem-solver-open.svg?raster';
import softwareEngineerClosed from './door-art/software-engineer-closed.svg?raster';
import softwareEngineerOpen from './door-art/software-engineer-open.svg?raster';
import websiteBuilderClosed from './door-art/website-builder-closed.svg?raster';
import websiteBuilderOpen from './door-art/website-builder-open.svg?raster';

/** Door art the door data names by file (drawn by scripts/draw-door-art.mjs), drawn as WebP by the raster loader. */
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

/** Sprites the door data names by file, each "file.svg#view" one picture cut out of it. */
const spritesByName: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'mat-labels.svg': matLabelViews,
};

/** A door picture's URL; "file.svg#view" names one view of a sprite. */
export function doorImageUrl(name: string): string {
  const [file = '', view] = name.split('#');
  const url = view === undefined ? imagesByName[file] : spritesByName[file]?.[view];
  if (!url) throw new Error(`No door art named ${name}`);
  return url;
}
