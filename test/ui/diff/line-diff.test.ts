import { describe, expect, it } from "vitest";
import {
  computeLineDiff,
  diffLines,
  formatHunkHeader,
  MAX_DIFF_LINES,
  splitLines,
  toHunks,
  type DiffLine,
} from "../../../src/ui/diff/line-diff.js";
import { cpuTime } from "../../helpers/cpu-time.js";

/** The two texts an edit script describes; a correct script gives back exactly its inputs. */
function sides(script: readonly DiffLine[]): { before: string[]; after: string[] } {
  return {
    before: script.filter((line) => line.kind !== "insert").map((line) => line.text),
    after: script.filter((line) => line.kind !== "delete").map((line) => line.text),
  };
}

const changes = (script: readonly DiffLine[]) => script.filter((line) => line.kind !== "equal").length;

describe("splitLines", () => {
  it("ends the last line at a trailing newline and gives no lines for empty text", () => {
    expect(splitLines("a\nb\n").lines).toEqual(["a", "b"]);
    expect(splitLines("a\n\nb").lines).toEqual(["a", "", "b"]);
    expect(splitLines("").lines).toEqual([]);
  });

  it("stops at the limit and says so", () => {
    expect(splitLines("1\n2\n3\n4", 2)).toEqual({ lines: ["1", "2"], truncated: true });
    expect(splitLines("1\n2", 2)).toEqual({ lines: ["1", "2"], truncated: false });
  });
});

describe("diffLines", () => {
  it("finds a minimal script for a one-line change", () => {
    const script = diffLines(["a", "b", "c"], ["a", "x", "c"]);
    expect(script).toEqual([
      { kind: "equal", text: "a" },
      { kind: "delete", text: "b" },
      { kind: "insert", text: "x" },
      { kind: "equal", text: "c" },
    ]);
  });

  it("gives an edit distance of D for Myers' textbook example (ABCABBA → CBABAC, D = 5)", () => {
    const a = [..."ABCABBA"];
    const b = [..."CBABAC"];
    const script = diffLines(a, b);
    expect(sides(script)).toEqual({ before: a, after: b });
    expect(changes(script)).toBe(5);
  });

  it("handles empty sides: a new file is all inserts, a deleted one all deletes", () => {
    expect(diffLines([], ["x", "y"]).map((line) => line.kind)).toEqual(["insert", "insert"]);
    expect(diffLines(["x"], []).map((line) => line.kind)).toEqual(["delete"]);
    expect(diffLines([], [])).toEqual([]);
  });

  it("reproduces both sides for random edits", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 50; round++) {
      const a = Array.from({ length: Math.floor(random() * 30) }, () => String(Math.floor(random() * 5)));
      const b = a.filter(() => random() > 0.2).map((line) => (random() > 0.8 ? `${line}!` : line));
      if (random() > 0.5) b.splice(Math.floor(random() * b.length), 0, "new");
      expect(sides(diffLines(a, b))).toEqual({ before: a, after: b });
    }
  });

  it("falls back to remove-then-add when the texts have nothing in common, quickly and correctly", () => {
    const a = Array.from({ length: MAX_DIFF_LINES }, (_, i) => `old ${i}`);
    const b = Array.from({ length: MAX_DIFF_LINES }, (_, i) => `new ${i}`);
    const { ms, value: script } = cpuTime(() => diffLines(a, b));
    expect(ms).toBeLessThan(1_000);
    expect(sides(script)).toEqual({ before: a, after: b });
    expect(script.slice(0, MAX_DIFF_LINES).every((line) => line.kind === "delete")).toBe(true);
  });
});

it("stays fast near the edit-distance cap (every fourth of 2,000 lines changed)", () => {
  const a = Array.from({ length: MAX_DIFF_LINES }, (_, i) => `line ${i}`);
  const b = a.map((line, i) => (i % 4 === 0 ? `${line} changed` : line));
  const { ms, value: script } = cpuTime(() => diffLines(a, b));
  expect(ms).toBeLessThan(1_000);
  expect(sides(script)).toEqual({ before: a, after: b });
});

describe("toHunks and headers", () => {
  const file = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);

  it("keeps three lines of context and numbers hunks as diff -u does", () => {
    const changed = file.map((line, i) => (i === 9 ? "changed" : line));
    const hunks = toHunks(diffLines(file, changed));
    expect(hunks).toHaveLength(1);
    expect(formatHunkHeader(hunks[0]!)).toBe("@@ -7,7 +7,7 @@");
    expect(hunks[0]!.lines[0]).toEqual({ kind: "equal", text: "line 7" });
  });

  it("merges changes closer than twice the context and splits farther ones", () => {
    const near = file.map((line, i) => (i === 2 || i === 8 ? `${line}!` : line));
    expect(toHunks(diffLines(file, near))).toHaveLength(1);
    const far = file.map((line, i) => (i === 1 || i === 18 ? `${line}!` : line));
    const hunks = toHunks(diffLines(file, far));
    expect(hunks.map(formatHunkHeader)).toEqual(["@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@"]);
  });

  it("names an empty old side by the line before it (0 for a new file)", () => {
    expect(toHunks(diffLines([], ["a", "b"])).map(formatHunkHeader)).toEqual(["@@ -0,0 +1,2 @@"]);
    expect(toHunks(diffLines(["a"], ["b"])).map(formatHunkHeader)).toEqual(["@@ -1 +1 @@"]);
  });
});

describe("computeLineDiff", () => {
  it("treats a null or absent oldText as a new file", () => {
    for (const oldText of [null, undefined]) {
      const diff = computeLineDiff(oldText, "a\nb\n");
      expect(diff).toMatchObject({ added: 2, removed: 0, truncated: false });
    }
  });

  it("has no hunks for identical texts", () => {
    expect(computeLineDiff("same\n", "same\n").hunks).toEqual([]);
  });

  it("compares at most MAX_DIFF_LINES lines of a huge file, and says so", () => {
    const huge = Array.from({ length: 200_000 }, (_, i) => `row ${i} ${"x".repeat(40)}`).join("\n");
    const { ms, value: diff } = cpuTime(() => computeLineDiff(null, huge));
    expect(ms).toBeLessThan(1_000);
    expect(diff.truncated).toBe(true);
    expect(diff.added).toBe(MAX_DIFF_LINES);
  });
});
