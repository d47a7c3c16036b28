/**
 * Turns to start a renderer: a start takes a core for a second or two (the render module and a section's code
 * compiled), so at most `size` run at once and the others wait, in order. A turn ends with `done()`.
 */
export class StartTurns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  take(): Promise<void> {
    return new Promise((resolve) => {
      if (this.running < this.size) {
        this.running += 1;
        resolve();
      } else this.waiting.push(resolve);
    });
  }

  /** The turn passes to the next in line, if any. */
  done(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
