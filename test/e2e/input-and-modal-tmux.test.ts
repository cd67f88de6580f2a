import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
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
