import { describe, expect, it } from "vitest";
import { eraseReflowRows, extraReflowRows, frameOfWrite } from "../../../src/ui/terminal/reflow-guard.js";

describe("reflow guard", () => {
  it("counts the rows lines wider than the new width gain, escape codes and empty lines taking none", () => {
    const header = `\u001b[1m${"◆".padEnd(60, "x")}\u001b[22m`;
    expect(extraReflowRows([header, "short", ""], 40)).toBe(1);
    expect(extraReflowRows([header, "y".repeat(81)], 40)).toBe(1 + 2);
    expect(extraReflowRows(["y".repeat(40)], 40)).toBe(0);
    expect(extraReflowRows(["界".repeat(30)], 40)).toBe(1);
  });

  it("erases the cursor's row and one row above per extra row", () => {
    expect(eraseReflowRows(0)).toBe("");
    expect(eraseReflowRows(2)).toBe("\u001b[2K\u001b[1A\u001b[2K\u001b[1A\u001b[2K");
  });

  it("reads the frame from log-update's writes", () => {
    expect(frameOfWrite("\u001b[2K\u001b[1A\u001b[2K\u001b[Gone\ntwo\n")).toEqual(["one", "two"]);
    expect(frameOfWrite("\u001b[2K\u001b[1A\u001b[2K\u001b[G")).toEqual([]);
    expect(frameOfWrite("\u001b[?2026h")).toBeUndefined();
    expect(frameOfWrite("first\n")).toEqual(["first"]);
  });
});
