/**
 * A small line diff for showing proposed file edits (Myers' greedy O((N+M)·D) algorithm on lines) and the
 * grouping of its result into unified-diff hunks. Pure: no Ink, no sanitizing (the view does that for the
 * rows it actually shows).
 */

/** One line of an edit script: kept (`equal`), only in the old text (`delete`), only in the new (`insert`). */
export interface DiffLine {
  readonly kind: "equal" | "delete" | "insert";
  readonly text: string;
}

/** A unified-diff hunk: 1-based start lines and line counts on each side, as in `@@ -1,3 +1,4 @@`. */
export interface DiffHunk {
  readonly oldStart: number;
  readonly oldCount: number;
  readonly newStart: number;
  readonly newCount: number;
  readonly lines: readonly DiffLine[];
}

/** The whole comparison: hunks, totals for a `+3 −1` summary, and whether the inputs were cut. */
export interface LineDiff {
  readonly hunks: readonly DiffHunk[];
  readonly added: number;
  readonly removed: number;
  /** True when either side had more than the line limit and only the first lines were compared. */
  readonly truncated: boolean;
}

/**
 * Lines compared at most per side. A permission request can carry a whole generated file; past this the
 * pane would spend seconds diffing text of which it shows a dozen rows, and freeze while doing it.
 */
export const MAX_DIFF_LINES = 2_000;

/**
 * Edit distance past which the search gives up and shows the differing middle as removed-then-added. The
 * trace kept for backtracking grows as D², so this bounds memory (~4 MB) as well as time.
 */
const MAX_EDIT_DISTANCE = 1_000;

/** Context lines kept around each change, as `diff -u`. */
export const DEFAULT_CONTEXT = 3;

/**
 * Splits `text` into at most `limit` lines without splitting the whole of it (it may be megabytes).
 * A trailing newline ends the last line rather than starting an empty one; `""` has no lines.
 */
export function splitLines(text: string, limit = Number.POSITIVE_INFINITY): { lines: string[]; truncated: boolean } {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    if (lines.length >= limit) return { lines, truncated: true };
    const end = text.indexOf("\n", start);
    if (end === -1) {
      lines.push(text.slice(start));
      break;
    }
    lines.push(text.slice(start, end));
    start = end + 1;
  }
  return { lines, truncated: false };
}

/** Myers' forward search; undefined when the distance exceeds `maxD`. Returns the script for `a` → `b`. */
function myers(a: readonly string[], b: readonly string[], maxD: number): DiffLine[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] is v as it was before step d, restricted to the diagonals step d reads (−d−1 … d+1).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(max, maxD); d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
      let x = down ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  return undefined;
}

function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[]): DiffLine[] {
  const script: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const snapshot = trace[d] as Int32Array;
    const at = (k: number) => snapshot[k + d + 1] as number;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      script.push({ kind: "equal", text: a[x - 1] as string });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) script.push({ kind: "insert", text: b[y - 1] as string });
      else script.push({ kind: "delete", text: a[x - 1] as string });
    }
    x = prevX;
    y = prevY;
  }
  return script.reverse();
}

/**
 * The edit script turning `a` into `b`: a shortest one (common prefix and suffix trimmed first, then Myers),
 * or, when the two differ in more than {@link MAX_EDIT_DISTANCE} lines, the differing middle as all deleted
 * then all inserted (still a correct diff, just not a minimal one).
 */
export function diffLines(a: readonly string[], b: readonly string[]): DiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle = myers(midA, midB, MAX_EDIT_DISTANCE) ?? [
    ...midA.map((text): DiffLine => ({ kind: "delete", text })),
    ...midB.map((text): DiffLine => ({ kind: "insert", text })),
  ];
  const equal = (text: string): DiffLine => ({ kind: "equal", text });
  return [...a.slice(0, start).map(equal), ...middle, ...a.slice(endA).map(equal)];
}

/** Groups an edit script into hunks with `context` unchanged lines around each change (merged when close). */
export function toHunks(script: readonly DiffLine[], context = DEFAULT_CONTEXT): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  // Line numbers (0-based) on each side before each script entry.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let oldLine = 0;
  let newLine = 0;
  for (const line of script) {
    oldAt.push(oldLine);
    newAt.push(newLine);
    if (line.kind !== "insert") oldLine++;
    if (line.kind !== "delete") newLine++;
  }
  let i = 0;
  while (i < script.length) {
    while (i < script.length && script[i]?.kind === "equal") i++;
    if (i >= script.length) break;
    const from = Math.max(0, i - context);
    // Extend over changes separated by at most 2·context equal lines (they share their context).
    let end = i;
    let lastChange = i;
    while (end < script.length) {
      if (script[end]?.kind !== "equal") lastChange = end;
      else if (end - lastChange > 2 * context) break;
      end++;
    }
    const to = Math.min(script.length, lastChange + context + 1);
    const lines = script.slice(from, to);
    const oldCount = lines.filter((line) => line.kind !== "insert").length;
    const newCount = lines.filter((line) => line.kind !== "delete").length;
    const oldFirst = oldAt[from] as number;
    const newFirst = newAt[from] as number;
    // As `diff -u`: an empty side is named by the line before it (0 for the start of the file).
    hunks.push({
      oldStart: oldCount === 0 ? oldFirst : oldFirst + 1,
      oldCount,
      newStart: newCount === 0 ? newFirst : newFirst + 1,
      newCount,
      lines,
    });
    i = to;
  }
  return hunks;
}

/** The hunk header, `diff -u` style: `@@ -3,4 +3,5 @@` (a count of 1 is left out). */
export function formatHunkHeader(hunk: DiffHunk): string {
  const side = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
  return `@@ -${side(hunk.oldStart, hunk.oldCount)} +${side(hunk.newStart, hunk.newCount)} @@`;
}

/**
 * Compares two versions of a file. `oldText` absent or null means a new file (every line added). At most
 * {@link MAX_DIFF_LINES} lines of each side are compared; `truncated` says when more were left out.
 */
export function computeLineDiff(
  oldText: string | null | undefined,
  newText: string,
  context = DEFAULT_CONTEXT,
): LineDiff {
  const before = splitLines(oldText ?? "", MAX_DIFF_LINES);
  const after = splitLines(newText, MAX_DIFF_LINES);
  const script = diffLines(before.lines, after.lines);
  let added = 0;
  let removed = 0;
  for (const line of script) {
    if (line.kind === "insert") added++;
    else if (line.kind === "delete") removed++;
  }
  return { hunks: toHunks(script, context), added, removed, truncated: before.truncated || after.truncated };
}
