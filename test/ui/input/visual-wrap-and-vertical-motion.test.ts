import { describe, expect, it } from "vitest";
import { createBuffer, setCursor } from "../../../src/ui/input/text-buffer.js";
import { layoutBuffer, moveVertical, scrollTop, wrapLine } from "../../../src/ui/input/visual-layout.js";

const texts = (line: string, width: number) =>
  wrapLine(line, width).map((row) => row.cells.map((c) => c.text).join(""));

describe("visual layout: wrapping to the pane width", () => {
  it("wraps at the last blank that fits, keeping the blank at the row end", () => {
    expect(texts("hello world again", 11)).toEqual(["hello ", "world again"]);
    expect(texts("hello world again", 8)).toEqual(["hello ", "world ", "again"]);
  });

  it("breaks a word longer than the width mid-word", () => {
    expect(texts("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
  });

  it("moves a wide character that does not fit in the last column to the next row", () => {
    expect(texts("ab你好", 3)).toEqual(["ab", "你", "好"]);
    for (const row of wrapLine("a你好b世界", 5)) expect(row.width).toBeLessThanOrEqual(5);
  });

  it("keeps every code point in exactly one row", () => {
    const rows = wrapLine("the quick brown fox jumps over the lazy dog", 7);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.start).toBe(rows[i - 1]?.end);
    expect(rows.at(-1)?.end).toBe(43);
  });

  it("locates the cursor in the wrapped rows, on a new row after a full last row", () => {
    const buffer = createBuffer("abcdefgh");
    expect(layoutBuffer(buffer, 4)).toMatchObject({ cursorRow: 2, cursorX: 0 });
    expect(layoutBuffer(buffer, 4).rows).toHaveLength(3);
    expect(layoutBuffer(setCursor(buffer, 0, 5), 4)).toMatchObject({ cursorRow: 1, cursorX: 1 });
    expect(layoutBuffer(setCursor(buffer, 0, 4), 4)).toMatchObject({ cursorRow: 1, cursorX: 0 });
  });

  it("counts logical lines and wrapped rows together", () => {
    const layout = layoutBuffer(createBuffer("one\n\nabcdefgh"), 4);
    expect(layout.rows.map((row) => row.line)).toEqual([0, 1, 2, 2, 2]);
  });
});

describe("visual layout: Up/Down inside the text", () => {
  it("moves by visual rows and keeps the goal column across a shorter line", () => {
    let buffer = setCursor(createBuffer("long line here\nab\nanother long"), 0, 9);
    buffer = moveVertical(buffer, 40, 1) ?? buffer;
    expect([buffer.row, buffer.col]).toEqual([1, 2]);
    buffer = moveVertical(buffer, 40, 1) ?? buffer;
    expect([buffer.row, buffer.col]).toEqual([2, 9]);
  });

  it("moves between the wrapped rows of one long line", () => {
    const buffer = createBuffer("abcdefghij");
    const up = moveVertical(buffer, 4, -1);
    expect(up && [up.row, up.col]).toEqual([0, 6]);
  });

  it("says when the cursor is on the first or last row (history takes over)", () => {
    expect(moveVertical(createBuffer("one line"), 40, -1)).toBeUndefined();
    expect(moveVertical(createBuffer("a\nb"), 40, 1)).toBeUndefined();
  });
});

describe("scroll window", () => {
  it("moves only as much as needed to keep the cursor visible", () => {
    expect(scrollTop(0, 3, 20, 8)).toBe(0);
    expect(scrollTop(0, 10, 20, 8)).toBe(3);
    expect(scrollTop(3, 5, 20, 8)).toBe(3);
    expect(scrollTop(3, 1, 20, 8)).toBe(1);
    expect(scrollTop(12, 4, 5, 8)).toBe(0);
  });
});
