import { afterEach, describe, expect, it } from "vitest";
import { replayTour } from "../helpers/replay-pane.js";
import type { TmuxSession } from "../helpers/tmux.js";

/** @zed-industries/codex-acp 0.16.0, replayed from its capture (no `authenticate`: skipped), in real tmux (issue 12). */
let tmux: TmuxSession | undefined;
afterEach(() => tmux?.kill());

for (const width of [40, 90]) {
  describe(`codex-acp at ${width} columns`, () => {
    it("shows the command once and its output from rawOutput, never as JSON", async () => {
      const tour = await replayTour("codex-acp.jsonl", width, 3);
      tmux = tour.tmux;
      const { rows } = tour;
      expect(rows).toMatch(/✓ \$ printf 'hello from mock/);
      // Codex's argv is /bin/bash -lc SCRIPT: the shell is not shown.
      expect(rows).not.toContain("/bin/bash -lc");
      expect(rows).toMatch(/\n {2}hello from mock\n {2}Linux\n {2}exit 0\n/);
      expect(rows).not.toContain('"stdout"');
      expect(rows).toMatch(/✓ ✎ Edit /);
      expect(rows).toMatch(/⚿ .* → Yes, proceed/);
    });
  });
}
