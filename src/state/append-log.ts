/**
 * A persistent append-only list: every {@link AppendLog.append} returns a new version in O(1) (amortized),
 * and older versions keep seeing exactly the items they had.
 *
 * Why not `[...items, item]`: the transcript of a long session holds thousands of items, and copying them on
 * every append made the cost of a streamed chunk grow with the length of the session (design.md §6: with
 * 5,000 items a chunk may cost at most 1.2× what it costs in an empty session). Versions share one backing
 * array; only the newest version may extend it in place, an append to an older version copies (which the
 * pane never does, but purity demands it work).
 */
export class AppendLog<T> {
  private constructor(
    private readonly backing: T[],
    /** How many items of `backing` belong to this version. */
    readonly length: number,
  ) {}

  /** The empty log. */
  static empty<T>(): AppendLog<T> {
    return new AppendLog<T>([], 0);
  }

  /** A log holding `items` (copied once). */
  static from<T>(items: readonly T[]): AppendLog<T> {
    return new AppendLog<T>([...items], items.length);
  }

  /** A new version with `items` appended; returns this version itself when `items` is empty. */
  append(...items: T[]): AppendLog<T> {
    if (items.length === 0) return this;
    if (this.backing.length === this.length) {
      this.backing.push(...items);
      return new AppendLog(this.backing, this.length + items.length);
    }
    appendLogCounters.copiedElements += this.length;
    const copy = this.backing.slice(0, this.length);
    copy.push(...items);
    return new AppendLog(copy, copy.length);
  }

  /** The item at `index` (negative counts from the end), or undefined. */
  at(index: number): T | undefined {
    const i = index < 0 ? this.length + index : index;
    return i >= 0 && i < this.length ? this.backing[i] : undefined;
  }

  /** Items from `start` to the end of this version, as a new array (O(length − start)). */
  slice(start = 0, end = this.length): T[] {
    return this.backing.slice(Math.max(0, start), Math.min(end, this.length));
  }

  /** Every item of this version, oldest first (O(length): for export and tests, not for rendering). */
  toArray(): T[] {
    return this.backing.slice(0, this.length);
  }
}

/** Work counters for the per-chunk cost test (counted, not timed): elements copied by forking appends. */
export const appendLogCounters = { copiedElements: 0 };
