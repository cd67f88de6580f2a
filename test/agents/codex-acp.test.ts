import { afterEach, describe, expect, it } from "vitest";
import {
  expandShellRow,
  openReplayPane,
  replayTour,
  runTurn,
  submitPrompt,
  toggleRaw,
} from "../helpers/replay-pane.js";
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
      // The thought's bold headline is read, not shown as **, with how many more lines Ctrl+O shows.
      expect(rows).toMatch(/✻ Planning \(\+1 line\)/);
      expect(rows).not.toContain("**");
      expect(rows).toMatch(/✓ \$ printf 'hello from mock/);
      // Codex's argv is /bin/bash -lc SCRIPT: the shell is not shown.
      expect(rows).not.toContain("/bin/bash -lc");
      expect(rows).toMatch(/\n {2}hello from mock\n {2}Linux\n {2}exit 0\n/);
      expect(rows).not.toContain('"stdout"');
      expect(rows).toMatch(/✓ ✎ Edit /);
      expect(rows).toMatch(/⚿ .* → Yes, proceed/);
      // Ctrl+O: the output and exit from rawOutput, as the collapsed row reads; no JSON, no call ids.
      const expanded = await expandShellRow(tmux);
      expect(expanded).toMatch(/▾ \$ [^\n]*\n {2}hello from mock\n {2}Linux\n {2}exit 0\n/);
      expect(expanded).not.toMatch(/"stdout"|call_id|\{/);
      // Ctrl+R: the agent's JSON, only there.
      expect(await toggleRaw(tmux)).toMatch(/"call_id": "call_mockc"/);
    });
  });
}

for (const width of [40, 90]) {
  describe(`codex-acp cancelled at ${width} columns`, () => {
    it("Esc at the request cancels the turn and the call reads cancelled, never failed", async () => {
      const pane = await openReplayPane("codex-acp-cancel.jsonl", { width, height: 30 });
      tmux = pane.tmux;
      const rows = await runTurn(tmux, "Run it #bash", "Escape", 1);
      expect(rows).toMatch(/⚿ .* → cancelled/);
      expect(rows).toContain("⊘ turn cancelled");
      expect(rows).not.toMatch(/failed/);
      // The agent was told: the cancel, then the request answered `cancelled`.
      const sent = pane.received().map((message) => message.method ?? (message.result ? "result" : "?"));
      expect(sent).toContain("session/cancel");
    });
  });
}

for (const width of [40, 90]) {
  describe(`codex-acp's command approval at ${width} columns`, () => {
    it("shows the command once, without Codex's decision list, and every option's label whole", async () => {
      const pane = await openReplayPane("codex-acp-cancel.jsonl", { width, height: 40 });
      tmux = pane.tmux;
      await submitPrompt(tmux, "Run it #bash");
      const screen = await tmux.waitFor(/1-3 pick/, 15_000);
      const modal = screen.slice(screen.indexOf("╭"), screen.indexOf("╰"));
      const text = modal.replace(/[│\s]+/g, " ");
      // Once as the command, once inside the "always" option's rule: never a third time from the amendment.
      expect(text.match(/printf 'hello from mock/g)).toHaveLength(2);
      expect(text).toContain("$ printf 'hello from mock\\n' > mock-out.txt && cat mock-out.txt && uname -s");
      expect(modal).not.toMatch(/Proposed Amendment|Available Decisions|ApprovedExecpolicyAmendment|│ -lc +│/);
      expect(text).toContain(
        "Yes, and don't ask again for commands that start with `/bin/bash -lc printf 'hello from mock\\n' > mock-out.txt && cat mock-out.txt && uname -s`",
      );
      expect(text).toContain("No, and tell Codex what to do differently");
      tmux.send("Escape");
      await tmux.waitFor(/ready/, 15_000);
    });
  });
}
