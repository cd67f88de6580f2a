import { afterEach, describe, expect, it, vi } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { hostile, isFreeOfHostileControls, widestLine } from "../diff/frame-width.js";
import { editRequest, pending } from "./fixtures.js";
import { closePanes, openModal as open, selected, WIDTHS } from "./modal-harness.js";

afterEach(closePanes);

for (const width of WIDTHS) {
  describe(`file edits at ${width} columns`, () => {
    it("shows the diff of a file edit", async () => {
      const { pane } = await open([editRequest()], width);
      const frame = pane.frame();
      expect(frame).toContain("src/foo.rs +1 −1");
      expect(frame).toContain("-let x = 1;");
      expect(frame).toContain("+let x = 2;");
      expect(frame).toMatch(/3 e Reject with edit/);
      expect(widestLine(pane.rawFrame())).toBeLessThanOrEqual(width);
    });

    it("rejects with an edit: e opens the editor on proposedEdit, Enter sends the edited text", async () => {
      const request = editRequest();
      const { pane, onAnswer } = await open([request], width);
      await pane.press("e");
      expect(pane.frame()).toContain("│ let x = 2;");
      await pane.press(KEYS.backspace);
      await pane.press(KEYS.backspace);
      for (const char of "99;") await pane.press(char);
      expect(pane.frame()).toContain("│ let x = 99;");
      expect(widestLine(pane.rawFrame())).toBeLessThanOrEqual(width);
      await pane.press(KEYS.enter);
      expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-with-edit", "let x = 99;"));
    });

    it("goes back from the editor on Esc without answering", async () => {
      const request = editRequest();
      const { pane, onAnswer } = await open([request], width);
      await pane.press("e");
      await pane.press("y");
      await pane.press(KEYS.escape);
      expect(onAnswer).not.toHaveBeenCalled();
      expect(pane.frame()).toMatch(/1 y Allow once/);
      await pane.press("n");
      expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-once"));
    });
  });
}

describe("the reject-with-edit editor", () => {
  it("opens the editor when the reject-with-edit option is chosen by number", async () => {
    const request = editRequest();
    const { pane, onAnswer } = await open([request]);
    await pane.press("3");
    expect(onAnswer).not.toHaveBeenCalled();
    await pane.press(KEYS.enter);
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-with-edit", "let x = 2;"));
  });

  it("adds newlines in the editor with Ctrl+J and Alt+Enter; typed letters are text, not answers", async () => {
    const request = editRequest();
    const { pane, onAnswer, seen } = await open([request]);
    await pane.press("e");
    await pane.press(KEYS.ctrlJ);
    await pane.press("y");
    await pane.press(KEYS.altEnter);
    await pane.press("n");
    expect(seen).toEqual([]);
    await pane.press(KEYS.enter);
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-with-edit", "let x = 2;\ny\nn"));
  });

  it("hands the text to $EDITOR on Ctrl+G and takes back what it returns", async () => {
    const request = editRequest();
    const openEditor = vi.fn(async (text: string) => `${text} // edited\n`);
    const { pane, onAnswer } = await open([request], 40, { openEditor });
    await pane.press("e");
    expect(pane.frame()).toContain("ctrl+g $EDITOR");
    await pane.press(KEYS.ctrlG);
    expect(openEditor).toHaveBeenCalledExactlyOnceWith("let x = 2;");
    await pane.waitForFrame((frame) => frame.includes("let x = 2; // edited"));
    await pane.press(KEYS.enter);
    // The editor's final newline is its own, not the user's.
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-with-edit", "let x = 2; // edited"));
  });

  it("applies every key of one stdin chunk, and pastes text with its line breaks", async () => {
    const request = editRequest();
    const { pane, onAnswer } = await open([request]);
    await pane.press("e");
    await pane.press(KEYS.left + KEYS.left + KEYS.left);
    await pane.press("Z");
    await pane.press(KEYS.right + KEYS.right + KEYS.right);
    await pane.press(" // a\r\nb");
    await pane.press(KEYS.enter);
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-with-edit", "let x =Z 2; // a\nb"));
  });

  it("scrolls a long line in the editor so the cursor stays in sight", async () => {
    const request = editRequest("a", `${"x".repeat(200)}END`);
    const { pane } = await open([request]);
    await pane.press("e");
    const row = pane
      .frame()
      .split("\n")
      .find((line) => line.includes("END"));
    expect(row).toMatch(/│ │ …x+END +│$/);
    expect(widestLine(pane.rawFrame())).toBeLessThanOrEqual(40);
    await pane.press(KEYS.up);
    expect(pane.frame()).toMatch(/│ │ x+… │/);
  });

  it("pre-fills the editor with the diff's new text when there is no proposedEdit, sanitized", async () => {
    const request = pending(
      {
        title: "Approve file_write?",
        kind: "edit",
        content: [{ type: "diff", path: hostile("new.txt"), newText: hostile("hello") }],
      },
      [{ optionId: "reject-with-edit", name: "Reject with edit", kind: "reject_with_edit" }],
    );
    const { pane, onAnswer } = await open([request]);
    await pane.press("e");
    expect(pane.frame()).toContain("│ hello");
    expect(isFreeOfHostileControls(pane.rawFrame())).toBe(true);
    await pane.press(KEYS.enter);
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-with-edit", "hello"));
  });
});
