import { describe, expect, it } from "vitest";
import { createBuffer, insertText, normalizeText, setCursor } from "../../../src/ui/input/text-buffer.js";

describe("text buffer: pasted text", () => {
  it("turns LF, CRLF and lone CR into line breaks", () => {
    const buffer = insertText(createBuffer(), "a\nb\r\nc\rd");
    expect(buffer.lines).toEqual(["a", "b", "c", "d"]);
    expect([buffer.row, buffer.col]).toEqual([3, 1]);
  });

  it("inserts a multi-line paste in the middle of a line, keeping the tail after it", () => {
    const buffer = insertText(setCursor(createBuffer("[]"), 0, 1), "x\r\ny");
    expect(buffer.lines).toEqual(["[x", "y]"]);
    expect([buffer.row, buffer.col]).toEqual([1, 1]);
  });

  it("drops control characters and escapes but keeps tabs", () => {
    expect(normalizeText("a\u0007b\u001b[31mc\td\u0000")).toBe("ab[31mc\td");
  });
});
