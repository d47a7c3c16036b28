import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { doorGroups, doorPicks, doors, doorPickCount } from './doors';

describe('the doors', () => {
  it('are the ten of docs/product-rules.md in three groups of 3, 3 and 4, with their links and tooltips', () => {
    expect(doors).toHaveLength(10);
    const table = doorGroups().map((group) =>
      group.map((door) => [door.catagory, door.name, door.link, door.toolTipText]),
    );
    expect(table).toEqual([
      [
        [1, 'Problem Solver', '/about', 'Learn about me.'],
        [1, 'Leader', '/resume', 'See my experience.'],
        [1, 'Doer', '/projects', 'Check out my projects.'],
      ],
      [
        [2, 'Software Engineer', '/projects/project/2', 'Check out a random CS project.'],
        [2, 'Manager', '/resume', 'See my experience.'],
        [2, 'Website Builder', '/resume', 'See my testimonials.'],
      ],
      [
        [3, 'Musician', '/about', 'Check out my music.'],
        [3, 'Mechanic', '/projects/project/6', 'Check out one of my builds.'],
        [3, 'Maker', '/projects', 'Check out one of my projects.'],
        [3, 'Grandmaster', '/projects/project/7', 'Check out Operation Grandmaster.'],
      ],
    ]);
  });

  it('keep the field names of docs/product-rules.md and name art that exists', () => {
    const art = new Set(readdirSync(path.join(__dirname, 'content/door-art')));
    for (const door of doors) {
      expect(Object.keys(door).sort()).toEqual([
        'catagory',
        'closedImage',
        'id',
        'link',
        'matData',
        'name',
        'openedImage',
        'toolTipText',
      ]);
      expect(Object.keys(door.matData).sort()).toEqual(['matImage', 'matPosition']);
      for (const file of [door.closedImage, door.openedImage, door.matData.matImage.split('#')[0]!])
        expect(art.has(file)).toBe(true);
    }
  });

  it('have light art: every file at most 10 KB', () => {
    const folder = path.join(__dirname, 'content/door-art');
    for (const file of readdirSync(folder))
      expect([file, statSync(path.join(folder, file)).size <= 10 * 1024]).toEqual([file, true]);
  });

  it('have one pick per way of choosing a door in every group, each a different choice', () => {
    const groups = doorGroups();
    const total = doorPickCount(groups);
    expect(total).toBe(groups.reduce((product, group) => product * group.length, 1));
    const choices = new Set<string>();
    for (let pick = 0; pick < total; pick += 1) {
      const picks = doorPicks(groups, pick);
      picks.forEach((index, group) => expect(index).toBeLessThan(groups[group]!.length));
      choices.add(picks.join());
    }
    expect(choices.size).toBe(total);
  });

  it('pick every door of a group equally often over all the picks, whatever the other groups show', () => {
    const groups = doorGroups();
    const total = doorPickCount(groups);
    groups.forEach((group, groupIndex) => {
      const shown = new Array<number>(group.length).fill(0);
      for (let pick = 0; pick < total; pick += 1) shown[doorPicks(groups, pick)[groupIndex]!]! += 1;
      expect(new Set(shown)).toEqual(new Set([total / group.length]));
    });
  });
});
