/**
 * Turns to start a renderer: a start takes a core for a second or two (the render module and a section's code
 * compiled), so at most `size` run at once and the others wait, in order; a turn a visitor waits for goes first
 * (`hurry`). A turn ends with `done()`.
 */
export class StartTurns {
  private running = 0;
  private readonly waiting: Array<{ turn: Promise<void>; go: () => void }> = [];

  constructor(private readonly size: number) {}

  take(): Promise<void> {
    let go: () => void = () => undefined;
    const turn = new Promise<void>((resolve) => (go = resolve));
    if (this.running < this.size) {
      this.running += 1;
      go();
    } else this.waiting.push({ turn, go });
    return turn;
  }

  /** The turn `turn` (from `take`), if still waiting, goes before the others. */
  hurry(turn: Promise<void>): void {
    const index = this.waiting.findIndex((waiting) => waiting.turn === turn);
    if (index > 0) this.waiting.unshift(...this.waiting.splice(index, 1));
  }

  /** The turn passes to the next in line, if any. */
  done(): void {
    const next = this.waiting.shift();
    if (next) next.go();
    else this.running -= 1;
  }
}
