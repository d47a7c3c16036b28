import { StartTurns } from './start-turns.js';

/** The order in which turns begin, by name. */
async function order(turns: StartTurns, names: string[], hurried?: string): Promise<string[]> {
  const begun: string[] = [];
  const taken = new Map(names.map((name) => [name, turns.take()]));
  const turn = hurried ? taken.get(hurried) : undefined;
  if (turn) turns.hurry(turn);
  for (const [name, turn] of taken) void turn.then(() => begun.push(name));
  for (const _name of names) {
    await new Promise((resolve) => setImmediate(resolve));
    turns.done();
  }
  await new Promise((resolve) => setImmediate(resolve));
  return begun;
}

describe('StartTurns', () => {
  it('runs a few starts at once and the others in order', async () => {
    expect(await order(new StartTurns(2), ['shell', 'home', 'about', 'projects', 'resume'])).toEqual([
      'shell',
      'home',
      'about',
      'projects',
      'resume',
    ]);
  });

  it('starts a turn a visitor waits for before the others that wait', async () => {
    expect(await order(new StartTurns(2), ['shell', 'home', 'about', 'projects', 'resume'], 'resume')).toEqual([
      'shell',
      'home',
      'resume',
      'about',
      'projects',
    ]);
    // a turn already begun, or unknown, changes nothing
    expect(await order(new StartTurns(2), ['shell', 'home', 'about'], 'home')).toEqual(['shell', 'home', 'about']);
  });
});
