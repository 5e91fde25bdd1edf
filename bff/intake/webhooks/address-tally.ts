// Link reports received per client address, in bounded memory: anyone can send them from any
// number of addresses, so only the heaviest senders are kept. Space-Saving (Metwally et al.): at
// most `capacity` addresses; a new one past that takes the place of the smallest and starts from
// its count, so a heavy sender's count is never under-stated and a flood of one-off addresses
// costs nothing but churn at the bottom.

export class AddressTally {
  private readonly counts = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  note(address: string): void {
    const count = this.counts.get(address);
    if (count !== undefined) {
      this.counts.set(address, count + 1);
      return;
    }
    if (this.counts.size < this.capacity) {
      this.counts.set(address, 1);
      return;
    }
    let smallest: [string, number] | undefined;
    for (const entry of this.counts) if (!smallest || entry[1] < smallest[1]) smallest = entry;
    this.counts.delete(smallest![0]);
    this.counts.set(address, smallest![1] + 1);
  }

  /** The `n` heaviest addresses, heaviest first. */
  top(n: number): Array<[string, number]> {
    return [...this.counts].sort((a, b) => b[1] - a[1]).slice(0, n);
  }
}
