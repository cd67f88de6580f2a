import { afterEach, describe, expect, it } from "vitest";
import { expandShellRow, openReplayPane, replayTour, runTurn, toggleRaw } from "../helpers/replay-pane.js";
import type { TmuxSession } from "../helpers/tmux.js";

/** @zed-industries/claude-agent-acp 0.23.1, replayed from its capture, in the pane in real tmux (issue 12). */
let tmux: TmuxSession | undefined;
afterEach(() => tmux?.kill());

for (const width of [40, 90]) {
  describe(`claude-agent-acp at ${width} columns`, () => {
    it("shows the shell row once, its output without code fences, and the edit rows", async () => {
      const tour = await replayTour("claude-agent-acp.jsonl", width, 3);
      tmux = tour.tmux;
      const { rows } = tour;
      // One row: status, the shell glyph, the command once (Claude titles the call with it), the duration.
      expect(rows).toMatch(/✓ \$ printf 'hello from mock/);
      expect(rows).not.toMatch(/execute printf 'hello.*printf 'hello/);
      // The output from the fenced `content` block, fence dropped.
      expect(rows).toMatch(/\n {2}hello from mock\n {2}Linux\n/);
      expect(rows).not.toContain("```");
      expect(rows).toMatch(/✓ ✎ Write mock/);
      expect(rows).toMatch(/✓ ✎ Edit mock/);
      // The decisions keep their answer whatever the width.
      expect(rows.match(/⚿ .* → Allow/g)).toHaveLength(3);
      // Ctrl+O: all of the output, fence dropped; its input is only the command the row shows.
      const expanded = await expandShellRow(tmux);
      expect(expanded).toMatch(/▾ \$ [^\n]*\n {2}hello from mock\n {2}Linux\n/);
      expect(expanded).not.toContain("```");
      expect(expanded).not.toMatch(/timeout: 60000/);
      // Ctrl+R: the agent's JSON, fence and all, only there.
      expect(await toggleRaw(tmux)).toMatch(/"text": "```console/);
    });
  });
}

for (const width of [40, 90]) {
  describe(`claude-agent-acp rejected at ${width} columns`, () => {
    it("says rejected, not failed, and shows no running time for the call that never ran", async () => {
      const pane = await openReplayPane("claude-agent-acp-reject.jsonl", { width, height: 30 });
      tmux = pane.tmux;
      await runTurn(tmux, "Run it #bash", "n", 1);
      const rows = await tmux.waitFor("User refused", 15_000, () => tmux!.history());
      expect(rows).toMatch(/⚿ .* → Reject/);
      // Claude reports the rejected call `failed`: the row says what the user did.
      expect(rows).toMatch(/✗ \$ printf 'hello[^\n]* rejected\n/);
      expect(rows).not.toMatch(/✗ \$ printf[^\n]*failed/);
      expect(rows).not.toMatch(/rejected \d/);
    });
  });
}

for (const width of [40, 90]) {
  describe(`claude-agent-acp with _meta.terminal_output at ${width} columns`, () => {
    it("shows the streamed output and its exit, collapsed and expanded, as every agent's row reads", async () => {
      const pane = await openReplayPane("claude-agent-acp-terminal-output.jsonl", { width, height: 30 });
      tmux = pane.tmux;
      const rows = await runTurn(tmux, "Run it #bash", "y", 1);
      expect(rows).toMatch(/✓ \$ printf 'hello[^\n]*\n {2}hello from mock\n {2}Linux\n {2}exit 0\n/);
      // The turn has one row: Ctrl+O expands it without focusing.
      tmux.send("C-o");
      const expanded = await tmux.waitFor(/ready\n✓ ▾ \$ [^\n]*\n {2}\S/, 10_000);
      expect(expanded).toMatch(/▾ \$ [^\n]*\n {2}hello from mock\n {2}Linux\n {2}exit 0\n/);
      expect(await toggleRaw(tmux)).toMatch(/"terminal_exit"/);
    });
  });
}
