import { afterEach, describe, expect, it } from "vitest";
import { hasNoRawControls, hostile, widestLine } from "../diff/frame-width.js";
import { pending, shellRequest } from "./fixtures.js";
import { ALL_KINDS, closePanes, openModal as open, WIDTHS } from "./modal-harness.js";

afterEach(closePanes);

for (const width of WIDTHS) {
  describe(`agent strings at ${width} columns`, () => {
    it("never lets escape sequences from the agent reach the terminal", async () => {
      const request = pending(
        {
          title: hostile("Approve shell?"),
          kind: hostile("execute"),
          content: [{ type: "content", content: { type: "text", text: hostile("command: git push") } }],
        },
        ALL_KINDS.map((option) => ({ ...option, name: hostile(option.name) })),
      );
      const { pane } = await open([request], width);
      expect(hasNoRawControls(pane.rawFrame())).toBe(true);
      // What the user approves is what runs: the sequences show as text, never act.
      // (the revealed prefix is long: the title's end is cut at this width)
      expect(pane.frame()).toContain("⟨U+001B⟩]52;c;");
      expect(pane.frame().replace(/[│\s]+/g, " ")).toContain("command: git push");
      expect(pane.frame()).toContain("Always reject");
      expect(widestLine(pane.rawFrame())).toBeLessThanOrEqual(width);
    });

    it("keeps long titles, commands and option names inside the box", async () => {
      const long = "word ".repeat(200) + "x".repeat(300);
      const request = pending(
        {
          title: long,
          kind: "execute",
          content: [{ type: "content", content: { type: "text", text: `command: ${long}\n${long}` } }],
        },
        ALL_KINDS.map((option) => ({ ...option, name: `${option.name} ${long}` })),
      );
      const { pane } = await open([request, shellRequest()], width, { timeoutSecs: 3600 });
      const frame = pane.frame();
      expect(widestLine(pane.rawFrame())).toBeLessThanOrEqual(width);
      expect(frame).toContain("1 of 2");
      expect(frame.split("\n").length).toBeLessThan(30);
      const modal = frame.split("\n").filter((row) => row.length > 0 && row !== "prompt");
      for (const line of modal) expect(line).toMatch(/^[╭│╰]/);
    });
  });
}
