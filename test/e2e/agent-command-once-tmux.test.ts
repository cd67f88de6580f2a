import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * A command the agent runs through our terminal/create shows once, in real tmux against the SDK 2.4.0 agent,
 * also when it ended before the tool call that embeds it arrived (claude-agent-acp with a fast command): its
 * `run-late` script waits for the exit before it embeds the terminal.
 */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

describe("an agent command embedded after it ended", () => {
  it("is one row in the scrollback: the tool call's, never the command's own as well", async () => {
    const session = (tmux = new TmuxSession(70, 40));
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`);
    await session.waitFor(/ready/, 20_000);
    const prompt = "run-late printf 'zc-%s\\n' once";
    session.type(prompt);
    await session.waitFor(prompt);
    session.send("Enter");
    await session.waitFor(/RESULT {"op":"run"/, 30_000, () => session.history());
    await session.waitFor(/ready/, 30_000);

    const history = session.history();
    // One command row (`✓ $ …`: the prompt's echo `› run-late …` is none), the tool call's, and its output once.
    const rows = history.match(/^\S+ \$ .*$/gm) ?? [];
    expect(rows, history).toHaveLength(1);
    expect(rows[0]).toMatch(/^✓ \$ printf 'zc-%s\\n' once /);
    expect(history.match(/^\s+zc-once\s*$/gm), history).toHaveLength(1);
  }, 60_000);
});
