import { describe, expect, it } from "vitest";
import {
  backspace,
  bufferText,
  createBuffer,
  deleteForward,
  deleteWordBack,
  deleteWordLeft,
  insertNewline,
  insertText,
  killToLineEnd,
  killToLineStart,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveWordLeft,
  moveWordRight,
  setCursor,
  type TextBuffer,
} from "../../../src/ui/input/text-buffer.js";

const at = (buffer: TextBuffer) => [buffer.row, buffer.col];

describe("text buffer: edits and motion inside the text", () => {
  it("starts with the cursor at the end of the initial text", () => {
    const buffer = createBuffer("one\ntwo");
    expect(buffer.lines).toEqual(["one", "two"]);
    expect(at(buffer)).toEqual([1, 3]);
    expect(at(createBuffer())).toEqual([0, 0]);
  });

  it("inserts at the cursor and splits lines on newline", () => {
    let buffer = setCursor(createBuffer("held"), 0, 2);
    buffer = insertText(buffer, "XY");
    expect(bufferText(buffer)).toBe("heXYld");
    buffer = insertNewline(buffer);
    expect(buffer.lines).toEqual(["heXY", "ld"]);
    expect(at(buffer)).toEqual([1, 0]);
  });

  it("backspace at a line start joins with the previous line, delete at a line end joins the next", () => {
    let buffer = setCursor(createBuffer("ab\ncd"), 1, 0);
    buffer = backspace(buffer);
    expect(buffer.lines).toEqual(["abcd"]);
    expect(at(buffer)).toEqual([0, 2]);
    buffer = deleteForward(setCursor(createBuffer("ab\ncd"), 0, 2));
    expect(buffer.lines).toEqual(["abcd"]);
    expect(at(buffer)).toEqual([0, 2]);
    expect(bufferText(backspace(setCursor(createBuffer("ab"), 0, 0)))).toBe("ab");
    expect(bufferText(deleteForward(createBuffer("ab")))).toBe("ab");
  });

  it("left/right cross line boundaries and stop at the text's ends", () => {
    let buffer = setCursor(createBuffer("ab\ncd"), 1, 0);
    buffer = moveLeft(buffer);
    expect(at(buffer)).toEqual([0, 2]);
    buffer = moveRight(buffer);
    expect(at(buffer)).toEqual([1, 0]);
    expect(at(moveRight(createBuffer("ab\ncd")))).toEqual([1, 2]);
    expect(at(moveLeft(setCursor(createBuffer("ab"), 0, 0)))).toEqual([0, 0]);
  });

  it("home/end and Ctrl+A/Ctrl+E go to the current line's start and end", () => {
    const buffer = setCursor(createBuffer("first\nsecond line"), 1, 3);
    expect(at(moveLineStart(buffer))).toEqual([1, 0]);
    expect(at(moveLineEnd(buffer))).toEqual([1, 11]);
  });

  it("word motion stops at word starts and ends (readline backward-word / forward-word)", () => {
    const buffer = createBuffer("say hello, world");
    expect(at(moveWordLeft(buffer))).toEqual([0, 11]);
    expect(at(moveWordLeft(moveWordLeft(buffer)))).toEqual([0, 4]);
    const start = setCursor(buffer, 0, 0);
    expect(at(moveWordRight(start))).toEqual([0, 3]);
    expect(at(moveWordRight(moveWordRight(start)))).toEqual([0, 9]);
    expect(at(moveWordLeft(setCursor(createBuffer("ab\ncd"), 1, 0)))).toEqual([0, 2]);
  });

  it("Ctrl+U and Ctrl+K kill to the line start / end, joining lines at the edges", () => {
    const buffer = setCursor(createBuffer("keep\nabc def\nnext"), 1, 3);
    expect(bufferText(killToLineStart(buffer))).toBe("keep\n def\nnext");
    expect(bufferText(killToLineEnd(buffer))).toBe("keep\nabc\nnext");
    expect(bufferText(killToLineStart(setCursor(buffer, 1, 0)))).toBe("keepabc def\nnext");
    expect(bufferText(killToLineEnd(setCursor(buffer, 1, 7)))).toBe("keep\nabc defnext");
  });

  it("Ctrl+W deletes back to the previous blank, so a path goes in one press", () => {
    const buffer = createBuffer("look at @src/ui/x.ts  ");
    expect(bufferText(deleteWordBack(buffer))).toBe("look at ");
    expect(bufferText(deleteWordBack(setCursor(createBuffer("a\nb"), 1, 0)))).toBe("ab");
  });

  it("Alt+Backspace deletes back to the previous word start only", () => {
    expect(bufferText(deleteWordLeft(createBuffer("see src/ui.ts")))).toBe("see src/ui.");
  });
});
