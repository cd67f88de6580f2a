import { afterEach, describe, expect, it } from "vitest";
import { expandShellRow, replayTour, toggleRaw } from "../helpers/replay-pane.js";
import type { TmuxSession } from "../helpers/tmux.js";

/** @google/gemini-cli 0.61.0 --acp, replayed from its capture, in the pane in real tmux (issue 12). */
let tmux: TmuxSession | undefined;
afterEach(() => tmux?.kill());

for (const width of [40, 90]) {
  describe(`gemini-cli at ${width} columns`, () => {
    it("shows the shell row with its command once, the edits with their diffs, and every decision", async () => {
      const tour = await replayTour("gemini-cli.jsonl", width, 3);
      tmux = tour.tmux;
      const { rows } = tour;
      // The thought's bold headline is read, not shown as **, with how many more lines Ctrl+O shows.
      expect(rows).toMatch(/✻ Planning \(\+1 line\)/);
      expect(rows).not.toContain("**");
      // Gemini sends no tool_call before its permission request: the row starts from the request's update.
      expect(rows).toMatch(/✓ \$ printf 'hello from mock/);
      // Gemini sends the call only finished: it is timed from the approval (it had no duration at all).
      expect(rows).toMatch(/✓ \$ printf 'hello[^\n]* done \d+\.\ds\n/);
      expect(rows).not.toMatch(/execute printf 'hello/);
      expect(rows).toMatch(/✓ ✎ Writing to/);
      expect(rows).toMatch(/\+line 2 \(edited\)/);
      expect(rows.match(/⚿ .* → Allow/g)).toHaveLength(3);
      // The replay runs as `node replay-agent.mjs`: the missing-file quirk follows the agentInfo.name
      // "gemini-cli" of its initialize answer, so the read before the new file's write found it empty.
      const answers = tour.received().filter((message) => message.method === undefined);
      expect(answers.some((message) => (message.result as { content?: unknown } | undefined)?.content === "")).toBe(
        true,
      );
      expect(answers.some((message) => message.error !== undefined)).toBe(false);
      // Gemini reports no output for its own shell call (`content: []`): Ctrl+O says so rather than nothing.
      const expanded = await expandShellRow(tmux);
      expect(expanded).toMatch(/▾ \$ [^\n]*\n {2}no output reported by the agent\n/);
      expect(await toggleRaw(tmux)).toMatch(/"content": \[\]/);
    });
  });
}
