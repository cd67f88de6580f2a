import { describe, expect, it } from "vitest";
import { cpLength, graphemes, truncateToWidth } from "../../../src/ui/input/graphemes.js";
import {
  backspace,
  bufferText,
  createBuffer,
  moveLeft,
  moveRight,
  moveWordLeft,
  setCursor,
} from "../../../src/ui/input/text-buffer.js";
import { layoutBuffer } from "../../../src/ui/input/visual-layout.js";

describe("text buffer: wide characters and emoji", () => {
  it("counts columns in code points, so an astral emoji is one column of the buffer", () => {
    const buffer = createBuffer("a😀b");
    expect(buffer.col).toBe(3);
    expect(cpLength("😀")).toBe(1);
  });

  it("moves and deletes whole grapheme clusters (ZWJ family, flag, skin tone, combining accent)", () => {
    for (const cluster of ["👨‍👩‍👧", "🇫🇷", "👍🏽", "e\u0301", "❤️"]) {
      const buffer = createBuffer(`x${cluster}y`);
      const beforeY = moveLeft(buffer);
      const beforeCluster = moveLeft(beforeY);
      expect(beforeCluster.col, cluster).toBe(1);
      expect(moveRight(beforeCluster).col, cluster).toBe(1 + cpLength(cluster));
      expect(bufferText(backspace(beforeY)), cluster).toBe("xy");
    }
  });

  it("word motion never stops inside an emoji cluster", () => {
    const buffer = createBuffer("ok ❤️");
    expect(moveWordLeft(buffer).col).toBe(3);
  });

  it("measures CJK and emoji as two columns and places the cursor after them", () => {
    expect(graphemes("你好").map((g) => g.width)).toEqual([2, 2]);
    const layout = layoutBuffer(setCursor(createBuffer("你好a"), 0, 2), 40);
    expect(layout.cursorX).toBe(4);
    expect(layoutBuffer(createBuffer("😀"), 40).cursorX).toBe(2);
  });

  it("draws a tab as spaces so it and the cursor on it stay visible", () => {
    expect(graphemes("\t")[0]).toMatchObject({ display: "    ", width: 4 });
  });

  it("truncates by columns, not by code units", () => {
    expect(truncateToWidth("你好世界", 5)).toBe("你好…");
    expect(truncateToWidth("short", 10)).toBe("short");
  });
});
