import { afterEach, describe, expect, it } from "vitest";
import { openReplayPane, runTurn } from "../helpers/replay-pane.js";
import type { TmuxSession } from "../helpers/tmux.js";

/**
 * The plan at the end of a captured tour, in a 40×20 side pane (real tmux): while the turn runs the plan is
 * live; once it ends, the plan is printed once into the scrollback and the live region under the header no
 * longer shows it. A modal taller than its room (Codex's command approval, three options of up to four rows at
 * 40 columns) made ink's frame the terminal's height: ink then cleared the screen and its history, so the
 * transcript before it was gone and the live region of that moment (header, plan) stayed behind in the
 * scrollback, a second plan under a second header.
 */
let tmux: TmuxSession | undefined;
afterEach(() => tmux?.kill());

const TOURS = [
  { capture: "claude-agent-acp.jsonl", plans: 1 },
  { capture: "claude-code-acp.jsonl", plans: 1 },
  { capture: "codex-acp.jsonl", plans: 1 },
  // Gemini CLI sends no plan: none may show up.
  { capture: "gemini-cli.jsonl", plans: 0 },
];

/** The header line and what is below it: the live region, the input and the footer. */
function liveRegion(screen: string): string {
  const lines = screen.split("\n");
  return lines.slice(lines.findIndex((line) => line.startsWith("◆ "))).join("\n");
}

for (const { capture, plans } of TOURS) {
  describe(`${capture} in a 40×20 pane`, () => {
    it("prints the plan once into the scrollback when the turn ends, and shows it live no more", async () => {
      const pane = await openReplayPane(capture, { width: 40, height: 20 });
      tmux = pane.tmux;
      await runTurn(tmux, "Say hello");
      await runTurn(tmux, "Do everything #all", "y", 3);
      const history = await tmux.waitFor("All done.", 15_000, () => tmux!.history());
      expect(liveRegion(tmux.screen())).not.toMatch(/Plan \d/);
      expect(history.match(/^Plan \d\/\d/gm) ?? []).toHaveLength(plans);
      if (plans > 0) expect(history).toMatch(/^Plan 1\/3\n☑ Inspect the workspace\n◐ Run a shell command\n/m);
      // One header (no live region left behind), and the transcript from the session's first line on.
      expect(history.match(/^◆ /gm)).toHaveLength(1);
      expect(history).toMatch(/^── .* · new sess/m);
      expect(history).toContain("› Say hello");
    });
  });
}
