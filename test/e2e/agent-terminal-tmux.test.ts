import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * A command the agent runs itself, its output streamed in tool call `_meta.terminal_output`: the pane in a real
 * tmux against the SDK 2.4.0 agent. The command waits for a file the test writes, so what the row shows while
 * it runs is read before it ends (no timing).
 */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

describe("live command output from the agent in a real tmux", () => {
  it("shows the last lines under the running row, the tail and exit once done, all of it on Ctrl+O", async () => {
    const session = (tmux = new TmuxSession(70, 40));
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`);
    await session.waitFor(/ready/, 20_000);
    const go = join(session.home, "go");
    session.type(`shell seq 1 12; while [ ! -e ${go} ]; do sleep 0.05; done; echo finished-now; exit 3`);
    await session.waitFor("finished-now; exit 3");
    session.send("Enter");

    // Running: the newest lines under the row, the older ones counted, no exit yet.
    const running = await session.waitFor(/^\s+12\s*$/m, 15_000);
    expect(running).toMatch(/… \d+ more lines/);
    expect(running).not.toMatch(/^\s+1\s*$/m);
    expect(running).not.toMatch(/^\s+exit 3\s*$/m);
    expect(existsSync(go)).toBe(false);

    writeFileSync(go, "");
    await session.waitFor(/ran shell|ran seq/, 15_000, () => session.history());
    await session.waitFor(/ready/, 15_000);
    // Done: the row in the scrollback keeps the last lines and the exit code.
    const history = session.history();
    expect(history).toMatch(/^\s+11\s*\n\s+12\s*\n\s+finished-now\s*\n\s+exit 3/m);

    // Expanded, the whole output.
    session.send("C-o");
    const expanded = await session.waitFor(/^\s*1\s*$/m);
    for (const line of ["2", "6", "12", "finished-now"]) expect(expanded).toMatch(new RegExp(`^\\s*${line}\\s*$`, "m"));
  });
});
