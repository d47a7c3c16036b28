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
import matLabels from './door-art/mat-labels.svg?raster&views';
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

/** A sprite of icons: one picture, and where each view lies in it (CSS px). */
type Sprite = typeof matLabels;

/** Sprites the door data names by file: "file.svg#view" is one icon of it. */
const spritesByName: Readonly<Record<string, Sprite>> = {
  'mat-labels.svg': matLabels,
};

/** A door picture the data names: a picture of its own, or one view of a sprite ("file.svg#view"). */
type DoorPicture =
  { url: string } | { sprite: Sprite; view: readonly [x: number, y: number, width: number, height: number] };

export function doorPicture(name: string): DoorPicture {
  const [file = '', view] = name.split('#');
  if (view === undefined) {
    const url = imagesByName[file];
    if (url) return { url };
  } else {
    const sprite = spritesByName[file];
    const box = sprite?.views[view];
    if (sprite && box) return { sprite, view: box };
  }
  throw new Error(`No door art named ${name}`);
}

/** The URL of a door picture of its own (a door's closed and open pictures). */
export function doorImageUrl(name: string): string {
  const picture = doorPicture(name);
  if (!('url' in picture)) throw new Error(`${name} is a sprite's view, not a picture of its own`);
  return picture.url;
}
