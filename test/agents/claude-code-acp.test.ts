import { afterEach, describe, expect, it } from "vitest";
import { expandShellRow, replayTour, toggleRaw } from "../helpers/replay-pane.js";
import type { TmuxSession } from "../helpers/tmux.js";

/** @zed-industries/claude-code-acp 0.16.2 (commands through our terminal, edits through fs), replayed (issue 12). */
let tmux: TmuxSession | undefined;
afterEach(() => tmux?.kill());

for (const width of [40, 90]) {
  describe(`claude-code-acp at ${width} columns`, () => {
    it("shows markdown titles without backticks, the terminal's output and exit, and the written files", async () => {
      const tour = await replayTour("claude-code-acp.jsonl", width, 3);
      tmux = tour.tmux;
      const { rows } = tour;
      expect(rows).toMatch(/✓ \$ Write and /);
      expect(rows).toMatch(/\n {2}hello from mock\n {2}Linux\n {2}exit 0\n/);
      // `printf …` and Edit `/path` are markdown: the code marks are not shown.
      expect(rows).not.toMatch(/[⚿✓] .*`/);
      expect(rows).toMatch(/✓ ✎ Edit \//);
      expect(rows).toMatch(/new file \+2/);
      expect(rows.match(/⚿ .* → Allow/g)).toHaveLength(3);
      // Ctrl+O: the terminal's output and exit as the collapsed row reads, never the agent's JSON array of text.
      const expanded = await expandShellRow(tmux);
      expect(expanded).toMatch(/▾ \$ [^\n]*\n {2}hello from mock\n {2}Linux\n {2}exit 0\n/);
      expect(expanded).not.toContain("Exited with code");
      expect(expanded).not.toMatch(/^ *\[/m);
      // Ctrl+R: the agent's JSON of the call.
      expect(await toggleRaw(tmux)).toMatch(/"terminalId": /);
    });
  });
}
