import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

/** Steering and the editable queue, as a user does them: the built pane in a real tmux, the demo agent. */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

async function openPane(): Promise<TmuxSession> {
  tmux = new TmuxSession(70, 24);
  tmux.start(`${process.execPath} ${CLI} --demo`);
  await tmux.waitFor(/ready/);
  return tmux;
}

describe("steering in a real tmux", () => {
  it("Ctrl+S cancels the running turn and sends the typed prompt once the agent confirmed", async () => {
    const session = await openPane();
    await session.submit("slow");
    await session.waitFor(/tick 3\/300/);
    expect(session.screen()).toMatch(/ctrl\+s send now/);
    session.type("plan it instead");
    await session.waitFor("plan it instead");
    session.send("C-s");
    await session.waitFor(/turn cancelled/);
    // The steered prompt went out after the cancel and its turn ran: the demo's plan scenario.
    await session.waitFor(/› plan it instead/, 10_000, () => session.history());
    await session.waitFor(/ready/, 15_000);
    const history = session.history();
    expect(history.indexOf("turn cancelled")).toBeLessThan(history.indexOf("› plan it instead"));
    expect(history).not.toMatch(/tick 299\/300/);
    // Nothing came back into the input: the input line is empty again.
    expect(session.screen()).not.toMatch(/> plan it instead/);
  });

  it("shows the queue above the input; Up on an empty input takes the last one back, Ctrl+U then drops it", async () => {
    const session = await openPane();
    await session.submit("slow");
    await session.waitFor(/tick 2\/300/);
    await session.submit("plan first");
    await session.waitFor(/⧗ queued: plan first/);
    await session.submit("think second");
    await session.waitFor(/⧗ queued: think second/);
    expect(session.screen()).toMatch(/2 queued · ↑ edit/);
    session.send("Up");
    await session.waitFor(/> think second/);
    expect(session.screen()).not.toMatch(/⧗ queued: think second/);
    session.send("C-u");
    await session.waitFor(/1 queued/);
    // Only "plan first" is left; Ctrl+S with an empty input steers it in now.
    session.send("C-s");
    await session.waitFor(/turn cancelled/);
    await session.waitFor(/› plan first/, 10_000, () => session.history());
    await session.waitFor(/ready/, 15_000);
    expect(session.history()).not.toMatch(/› think second/);
  });
});
