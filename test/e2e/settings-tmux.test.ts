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
    // The input's placeholder shows under the list too: wait for the header's line right above the input.
    await session.waitFor(/ready\n> +ask the agent/);
    expect(session.screen()).not.toMatch(/Settings \(3\)/);
  });
});

describe("Shift+Tab into a mode that skips approvals, against the SDK agent", () => {
  it("asks y/n on the confirm line and switches only on y (session/set_mode)", async () => {
    const session = (tmux = new TmuxSession(70, 24));
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine(["--bypass-mode"]))}`);
    await session.waitFor(/Ask · .*ready/, 20_000);
    // Ask → Code → Architect: modes that still ask switch at once.
    session.send("BTab");
    await session.waitFor(/Code · .*ready/);
    session.send("BTab");
    await session.waitFor(/Architect · .*ready/);
    expect(session.screen()).not.toContain("(y/n)");
    session.send("BTab");
    await session.waitFor("Switch to Bypass Permissions? It skips approvals (y/n)");
    expect(session.screen()).toMatch(/y switch to Bypass Permissions · n stay/);
    session.send("n");
    await session.waitFor(/ready\n> +ask the agent/);
    // No: the agent was never asked, the header keeps the mode it confirmed, and n typed nothing.
    expect(session.screen()).toMatch(/Architect · .*ready/);
    expect(session.screen()).not.toMatch(/> n/);
    session.send("BTab");
    await session.waitFor("(y/n)");
    session.send("y");
    // Yes: the header shows the mode once the agent confirmed it (current_mode_update).
    await session.waitFor(/Bypass Permissions · .*ready/, 10_000);
    expect(session.screen()).not.toContain("(y/n)");
  });

  it('asks before a "mode" config option\'s YOLO value too (session/set_config_option)', async () => {
    const session = (tmux = new TmuxSession(40, 24));
    const flags = ["--mode-option", "--bypass-mode"];
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine(flags))}`);
    // Without modes, the header names the option's current value.
    await session.waitFor(/Ask · .*ready/, 20_000);
    session.send("BTab");
    await session.waitFor(/Auto · .*ready/);
    session.send("BTab");
    // At 40 columns the answers stay on the line.
    await session.waitFor(/Switch to YOLO\? It skips approvals \(y\/n\)/);
    session.send("y");
    await session.waitFor(/YOLO · .*ready/, 10_000);
  });
});

describe("a mode change told as gemini-cli tells it, against the SDK agent", () => {
  it("shows [MODE_UPDATE] ID as a mode notice and in the header, never as the agent's text", async () => {
    const session = (tmux = new TmuxSession(60, 24));
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`);
    await session.waitFor(/Ask · .*ready/, 20_000);
    session.type("gemini-mode code");
    await session.waitFor("gemini-mode code");
    session.send("Enter");
    await session.waitFor(/Code · .*ready/, 10_000);
    session.type("gemini-mode architect");
    await session.waitFor("gemini-mode architect");
    session.send("Enter");
    await session.waitFor(/Architect · .*ready/, 10_000);
    const rows = await session.waitFor(/mode: Architect/, 10_000, () => session.history());
    expect(rows).toMatch(/mode: Code/);
    expect(rows).not.toContain("MODE_UPDATE");
  });
});
