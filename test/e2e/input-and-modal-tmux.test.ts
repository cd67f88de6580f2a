import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { openReplayPane, submitPrompt } from "../helpers/replay-pane.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * The input and the permission modal as a user sees them (issue 12, items 1–4): the built pane in a real tmux,
 * the demo agent or a real agent's capture replayed by a child process, keys typed with send-keys.
 */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

describe("the input grows with what is typed", () => {
  it("shows every row of a 200-character prompt, a second line and the / menu as they are typed", async () => {
    tmux = new TmuxSession(40, 20);
    tmux.start(`${process.execPath} ${CLI} --demo`);
    await tmux.waitFor(/ready/);
    const long = Array.from({ length: 20 }, (_, index) => `word${String(index).padStart(2, "0")}ab`).join(" ");
    expect(long.length).toBeGreaterThan(150);
    tmux.type(long);
    // The last word sits on the input's last row: it shows only if the input grew to every row.
    await tmux.waitFor("word19ab");
    const screen = tmux.screen();
    expect(screen).toContain("word00ab");
    tmux.send("C-j");
    tmux.type("second line");
    await tmux.waitFor("second line");
    expect(tmux.screen()).toContain("word19ab");
    // Ctrl+C clears the input (no turn runs); `/` then opens the command menu at once.
    tmux.send("C-c");
    await tmux.waitFor(/ask the agent/);
    expect(tmux.screen()).not.toContain("/sessions");
    tmux.type("/");
    await tmux.waitFor("/sessions");
  });
});

describe("the permission modal", () => {
  it("shows the whole command, starts on allow-once, and keeps the prompt and the explanation on screen", async () => {
    const pane = await openReplayPane("claude-agent-acp-reject.jsonl", { width: 40, height: 30 });
    tmux = pane.tmux;
    await submitPrompt(tmux, "Run it #bash");
    await tmux.waitFor(/1-3 pick/);
    // The transcript writer prints the agent's text beside ink (a frame later, under load): wait for it.
    const screen = await tmux.waitFor("I'll run a shell command.");
    // The command wraps whole (the end of it was cut to `&&…` before).
    expect(screen).toContain("$ printf 'hello from mock\\n' >");
    expect(screen).toMatch(/uname -s/);
    // Claude lists "Always Allow" first: the cursor still starts on the allow-once option.
    expect(screen).toMatch(/› 2 y Allow/);
    // The modal takes the rows it needs: the prompt and the agent's text above it stay on screen.
    expect(screen).toContain("› Run it #bash");
    expect(screen).toContain("I'll run a shell command.");
    tmux.send("Enter");
    await tmux.waitFor(/⚿ .* → Allow/, 15_000, () => tmux?.history() ?? "");
    expect(pane.received().find((message) => "result" in message)).toMatchObject({
      result: { outcome: { outcome: "selected", optionId: "allow" } },
    });
  });

  it("scrolls a body taller than the room, with a marker and PgDn / PgUp", async () => {
    const pane = await openReplayPane("codex-acp-cancel.jsonl", { width: 40, height: 24 });
    tmux = pane.tmux;
    await submitPrompt(tmux, "Run it #bash");
    const screen = await tmux.waitFor(/1-3 pick/);
    expect(screen).toMatch(/↓ \d+ more lines · pgdn/);
    expect(screen).not.toContain("Needs to write mock-out.txt");
    // Codex's "always" option is shown whole, wrapped: the rule it would add can be read to its end.
    expect(screen.replace(/[│\s]+/g, " ")).toContain(
      "Yes, and don't ask again for commands that start with `/bin/bash -lc printf 'hello from mock\\n' > mock-out.txt && cat mock-out.txt && uname -s`",
    );
    // The window is a few rows in a pane this short: page down until the reason under the command shows.
    let scrolled = screen;
    for (let page = 0; page < 6 && !scrolled.includes("Needs to write mock-out.txt"); page++) {
      const marker = /↑ (\d+) more/.exec(scrolled)?.[1] ?? "0";
      tmux.send("NPage");
      scrolled = await tmux.waitFor(new RegExp(`↑ (?!${marker} )\\d+ more`));
    }
    expect(scrolled).toContain("Needs to write mock-out.txt");
    expect(scrolled).toMatch(/↑ \d+ more lines? · pgup/);
    // Codex's internal decision list is noise: the command is shown once.
    expect(scrolled).not.toContain("Proposed Amendment");
    expect(scrolled).not.toContain("Available Decisions");
    tmux.send("PPage");
    await tmux.waitFor(/↓ \d+ more lines · pgdn/);
  });

  it("cancels the turn on Esc: session/cancel, then the open request answered cancelled", async () => {
    const pane = await openReplayPane("codex-acp-cancel.jsonl", { width: 60, height: 24 });
    tmux = pane.tmux;
    await submitPrompt(tmux, "Run it #bash");
    await tmux.waitFor(/1-3 pick/);
    tmux.send("Escape");
    await tmux.waitFor(/turn cancelled/);
    await tmux.waitFor(/ready/);
    const received = pane.received();
    const cancel = received.findIndex((message) => message.method === "session/cancel");
    const answer = received.findIndex(
      (message) => (message.result as { outcome?: { outcome?: string } } | undefined)?.outcome?.outcome === "cancelled",
    );
    expect(cancel).toBeGreaterThan(-1);
    expect(answer).toBeGreaterThan(cancel);
    expect(tmux.history()).toMatch(/⚿ .* → cancelled/);
  });

  it("puts the input right under the reject-with-edit editor, with no blank block between", async () => {
    tmux = new TmuxSession(60, 30);
    tmux.start(`${process.execPath} ${CLI} --demo`);
    await tmux.waitFor(/ready/);
    await submitPrompt(tmux, "edit");
    await tmux.waitFor(/pick/);
    tmux.send("e");
    const screen = await tmux.waitFor("esc back");
    const rows = screen.split("\n");
    const bottom = rows.findIndex((row) => row.startsWith("╰"));
    expect(rows[bottom + 1]).toMatch(/^> /);
    // The prompt and the agent's explanation stay above the modal.
    expect(screen).toContain("› edit");
  });
});
