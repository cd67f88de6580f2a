import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * The history view (Ctrl+T) as a user sees it: the built CLI in a real tmux with a short scrollback, the demo
 * agent as a separate process, keys typed with send-keys, the screen read with capture-pane.
 */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

async function openPane(historyLimit?: number): Promise<TmuxSession> {
  tmux = new TmuxSession(60, 20, undefined, historyLimit);
  tmux.start(`${process.execPath} ${CLI} --demo`);
  await tmux.waitFor(/ready/);
  return tmux;
}

/** Types a search in the view and runs it. */
async function search(session: TmuxSession, query: string): Promise<void> {
  session.send("/");
  await session.waitFor("/▏");
  session.type(query);
  await session.waitFor(`/${query}▏`);
  session.send("Enter");
}

describe("the history view in a real tmux", () => {
  it("finds a turn tmux no longer keeps, expands its tool row, copies a code block, and leaves the pane as it was", async () => {
    const session = await openPane(60);
    await session.submit("shell please");
    await session.waitFor("│ Approve shell?");
    session.send("y");
    await session.waitFor(/ready/);
    await session.submit("show me around");
    await session.waitFor("│ Approve shell?", 15_000);
    session.send("y");
    await session.waitFor("│ Approve file_edit?", 15_000);
    session.send("y");
    await session.waitFor(/for one feature at a time[\s\S]*ready/, 15_000);
    await session.submit("long 8");
    // The first turn leaves tmux's 60 lines of scrollback.
    await session.waitFor("left tmux's history", 30_000, () =>
      session.history().includes("› shell please") ? session.screen() : "left tmux's history",
    );
    await session.waitFor(/ready/, 30_000);
    session.type("my draft");
    await session.waitFor("> my draft");
    const before = session.history();

    session.send("C-t");
    await session.waitFor(/^History · turn 3 of 3/m);
    await search(session, "shell please");
    await session.waitFor(/History · turn 1 of 3 .*shell please 1\/1/);
    expect(session.screen()).toContain("› shell please");
    // The next tool row is the first turn's shell call: Enter shows its whole output.
    session.send("}");
    await session.waitFor(/▶.*git status --short/);
    session.send("Enter");
    await session.waitFor("?? notes.md");

    await search(session, "greeting = ");
    await session.waitFor(/History · turn 2 of 3/);
    session.send("y");
    await session.waitFor("copied 1 line (code) and into a tmux buffer");
    expect(session.buffer()).toBe('export const greeting = "Hello from zc-pane";');

    session.send("q");
    await session.waitFor("> my draft");
    // Scrollback untouched, the draft and its cursor kept: typing goes on where it stopped.
    expect(session.history()).toBe(before);
    session.type("!");
    await session.waitFor("> my draft!");
  });

  it("shows a permission request on top of the view at once, and the modal's keys answer it there", async () => {
    const session = await openPane();
    await session.submit("show me around");
    session.send("C-t");
    await session.waitFor(/^History ·/m);
    // The tour asks for the shell command while the view is open: the modal comes on top of it.
    const screen = await session.waitFor("│ Approve shell?", 15_000);
    expect(screen).toMatch(/^History ·/m);
    session.send("y");
    await session.waitFor("│ Approve file_edit?", 15_000);
    expect(session.screen()).toMatch(/^History ·/m);
    // Esc is the modal's (it cancels the request, as below the view), not the view's "back".
    session.send("Escape");
    await session.waitFor(/⚿ Approve file_edit\? → cancelled/, 15_000);
    expect(session.screen()).toMatch(/^History ·/m);
    session.send("q");
    await session.waitFor(/ready/, 15_000);
    expect(session.screen()).not.toContain("History ·");
    const history = session.history();
    expect(history).toMatch(/Approve shell\? → Allow once/);
    expect(history).toMatch(/Approve file_edit\? → cancelled/);
  });
});
