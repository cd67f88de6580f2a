import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { fitColumnWidths, renderTable } from "../../src/markdown/table.js";

const plainStyle = { border: (text: string) => text, header: (text: string) => text };

describe("fitColumnWidths", () => {
  it("keeps natural widths when they fit", () => {
    expect(fitColumnWidths([3, 10, 5], 30)).toEqual([3, 10, 5]);
  });

  it("keeps narrow columns and shares the rest among wide ones", () => {
    const widths = fitColumnWidths([4, 50, 30], 40);
    expect(widths[0]).toBe(4);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(40);
    expect(widths[1]).toBeGreaterThanOrEqual(18);
    expect(widths[2]).toBeGreaterThanOrEqual(17);
  });
});

describe("renderTable", () => {
  it("draws a grid within the width, wrapping long cells and aligning columns", () => {
    const out = renderTable(
      {
        header: ["code", "message", "n"],
        rows: [
          ["-32602", "Missing required parameter: sessionId, which every call needs", "1"],
          ["-32000", "Session not found", "22"],
        ],
        align: [null, "left", "right"],
      },
      40,
      plainStyle,
    );
    const lines = out.split("\n");
    for (const line of lines) expect(stringWidth(line)).toBe(40);
    expect(lines[0]?.startsWith("┌")).toBe(true);
    expect(lines.at(-1)?.startsWith("└")).toBe(true);
    expect(out).toContain("│ 22 │");
    // Wrapped rows are separated by a rule so they do not read as one.
    expect(lines.filter((line) => line.startsWith("├")).length).toBe(2);
  });

  it("stacks rows as header: value lines when the columns cannot fit", () => {
    const out = renderTable(
      {
        header: ["a", "b", "c"],
        rows: [
          ["1", "2", "3"],
          ["4", "5", "6"],
        ],
        align: [null, null, null],
      },
      12,
      plainStyle,
    );
    expect(out).toBe(["a: 1", "b: 2", "c: 3", "────────────", "a: 4", "b: 5", "c: 6"].join("\n"));
  });
});
