import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/** `/settings` in the pane, in a real tmux, against the SDK 2.4.0 scripted agent as a real child process. */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

async function openSettings(session: TmuxSession): Promise<void> {
  session.type("/settings");
  await session.waitFor("/settings");
  session.send("Enter");
  await session.waitFor(/Settings \(3\)/);
}

describe("/settings against the SDK agent", () => {
  it("lists the boolean option the agent sent and toggles it with session/set_config_option", async () => {
    const session = (tmux = new TmuxSession(70, 24));
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine(["--bool-option"]))}`);
    await session.waitFor(/ready/, 20_000);
    await openSettings(session);
    const list = session.screen();
    expect(list).toMatch(/›Model: Fast → Smart/);
    expect(list).toMatch(/ Reasoning: Low → High/);
    expect(list).toMatch(/ \[ \] Auto-approve edits/);
    session.send("Down");
    session.send("Down");
    await session.waitFor(/›\[ \] Auto-approve edits/);
    session.send("Enter");
    // The agent confirmed with its new set of options: the notice says so, and the list shows it on.
    await session.waitFor(/Auto-approve edits: on/, 10_000, () => session.history());
    await openSettings(session);
    expect(session.screen()).toMatch(/ \[x\] Auto-approve edits/);
    session.send("Escape");
    await session.waitFor(/ask the agent/);
    expect(session.screen()).not.toMatch(/Settings \(3\)/);
  });
});
