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

function start(): TmuxSession {
  const session = (tmux = new TmuxSession(70, 40));
  session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`);
  return session;
}

/** Sends `prompt` and waits for the agent's report of it (`RESULT {"op":…}`) and the end of the turn; returns the scrollback. */
async function runToEnd(session: TmuxSession, prompt: string): Promise<string> {
  await session.waitFor(/ready/, 20_000);
  session.type(prompt);
  await session.waitFor(prompt);
  session.send("Enter");
  await session.waitFor(/"op":"(run|terminal)"/, 30_000, () => session.history());
  await session.waitFor(/ready/, 30_000);
  return session.history();
}

/** The command rows (`✓ $ …`) of the scrollback: the prompt's echo (`› run-late …`) is none. */
const commandRows = (history: string) => history.match(/^\S+ \$ .*$/gm) ?? [];

describe("an agent command", () => {
  it("embedded after it ended is one row in the scrollback: the tool call's, never the command's own as well", async () => {
    const history = await runToEnd(start(), "run-late printf 'zc-%s\\n' once");
    const rows = commandRows(history);
    expect(rows, history).toHaveLength(1);
    expect(rows[0]).toMatch(/^✓ \$ printf 'zc-%s\\n' once /);
    expect(history.match(/^\s+zc-once\s*$/gm), history).toHaveLength(1);
  }, 60_000);

  it("no tool call embeds is one row of its own, printed before what the agent says next", async () => {
    const history = await runToEnd(start(), "terminal printf 'zc-%s\\n' alone");
    const rows = commandRows(history);
    expect(rows, history).toHaveLength(1);
    expect(rows[0]).toMatch(/^✓ \$ agent command in .* \/bin\/sh -c printf/);
    expect(history.match(/^\s+zc-alone\s*$/gm), history).toHaveLength(1);
    expect(history.indexOf(rows[0]!)).toBeLessThan(history.indexOf('"op":"terminal"'));
  }, 60_000);
});
