import doorList from './content/doors.json';

/** A door (docs/product-rules.md "Home"); the field names (catagory, matData, toolTipText) are the data's own. */
export interface Door {
  id: number;
  /** The door's group, 1 to 3. */
  catagory: number;
  name: string;
  closedImage: string;
  openedImage: string;
  matData: { matPosition: number; matImage: string };
  link: string;
  toolTipText: string;
}

export const doors: readonly Door[] = doorList;

/** A door group has at least one door. */
export type DoorGroupDoors = readonly [Door, ...Door[]];

/** The door groups in order (catagory 1, 2, 3), each door in its doormat position. */
export function doorGroups(list: readonly Door[] = doors): DoorGroupDoors[] {
  const groups = new Map<number, [Door, ...Door[]]>();
  for (const door of list) {
    const group = groups.get(door.catagory);
    if (group) group.push(door);
    else groups.set(door.catagory, [door]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, group]) => group.sort((a, b) => a.matData.matPosition - b.matData.matPosition));
}

/** How many ways the groups can show their doors: one pick of the home page each (page-picks.ts). */
export const doorPickCount = (groups: readonly DoorGroupDoors[]): number =>
  groups.reduce((count, group) => count * group.length, 1);

/**
 * docs/product-rules.md: each group shows a door chosen at random on load. Pick n (0 to
 * doorPickCount - 1) is one choice per group, n's digits in the mixed base of the groups' sizes:
 * a pick made at random picks every door of every group equally often, each group on its own.
 */
export function doorPicks(groups: readonly DoorGroupDoors[], pick: number): number[] {
  let rest = pick;
  return groups.map((group) => {
    const index = rest % group.length;
    rest = Math.floor(rest / group.length);
    return index;
  });
}
