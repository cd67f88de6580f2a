import { describe, expect, it } from "vitest";
import {
  createBuffer,
  cursorPosition,
  deleteBackward,
  insertText,
  moveHorizontal,
  moveVertical,
  type EditBuffer,
} from "../../../src/ui/permission/edit-buffer.js";

const at = (text: string, cursor: number): EditBuffer => ({ text, cursor });

describe("edit buffer", () => {
  it("starts with the cursor at the end and inserts there", () => {
    expect(insertText(createBuffer("let x = "), "9;")).toEqual(at("let x = 9;", 10));
  });

  it("deletes before the cursor, a surrogate pair as one character", () => {
    expect(deleteBackward(at("ab", 2))).toEqual(at("a", 1));
    expect(deleteBackward(at("a😀", 3))).toEqual(at("a", 1));
    expect(deleteBackward(at("ab", 0))).toEqual(at("ab", 0));
  });

  it("moves left and right over whole characters", () => {
    expect(moveHorizontal(at("😀b", 0), 1)).toEqual(at("😀b", 2));
    expect(moveHorizontal(at("😀b", 2), -1)).toEqual(at("😀b", 0));
    expect(moveHorizontal(at("ab", 2), 1)).toEqual(at("ab", 2));
  });

  it("moves up and down keeping the column, clamped to the line's length", () => {
    const text = "first line\nab\nthird line";
    expect(moveVertical(at(text, 8), 1)).toEqual(at(text, 13));
    expect(cursorPosition(moveVertical(at(text, 8), 1))).toEqual({ line: 1, lineStart: 11, column: 2 });
    expect(moveVertical(at(text, 12), 1)).toEqual(at(text, 15));
    expect(moveVertical(at(text, 15), -1)).toEqual(at(text, 12));
    expect(moveVertical(at(text, 3), -1)).toEqual(at(text, 0));
    expect(moveVertical(at(text, 16), 1)).toEqual(at(text, text.length));
  });

  it("moves up onto an empty first line", () => {
    expect(moveVertical(at("\nabc", 3), -1)).toEqual(at("\nabc", 0));
    expect(moveVertical(at("x\n\nabc", 5), -1)).toEqual(at("x\n\nabc", 2));
  });
});
