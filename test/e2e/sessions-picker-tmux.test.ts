import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { submitPrompt } from "../helpers/replay-pane.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/** `/sessions` in real tmux: the order of the local index's sessions (issue 12 item 19). */
const panes: TmuxSession[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

const AGENT = `${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`;

/** A pane on the SDK agent in `home` that sends `prompt` (none: opened and left) and quits. */
async function session(home: string | undefined, prompt?: string): Promise<TmuxSession> {
  const pane = new TmuxSession(80, 24, home);
  panes.push(pane);
  pane.start(AGENT);
  await pane.waitFor(/ready/, 20_000);
  if (prompt !== undefined) {
    await submitPrompt(pane, prompt);
    await pane.waitFor(`You said: ${prompt}`, 15_000);
  }
  pane.send("C-c");
  await pane.waitFor(/again to quit/);
  pane.send("C-c");
  await pane.waitFor(/\[exited 0\]/, 10_000, () => pane.history());
  return pane;
}

describe("/sessions in the pane", () => {
  it("lists the newest conversation first and sessions without a prompt last", async () => {
    const first = await session(undefined, "first talk");
    await session(first.home, "second talk");
    // Opened and left without a prompt: the newest entry of all, and empty.
    await session(first.home);
    const pane = new TmuxSession(80, 24, first.home);
    panes.push(pane);
    pane.start(AGENT);
    await pane.waitFor(/ready/, 20_000);
    await submitPrompt(pane, "/sessions");
    const list = await pane.waitFor(/Sessions \(4\)[\s\S]*esc close/, 15_000);
    const rows = list.split("\n").filter((line) => /^[›\s][•\s][0-9a-f]{8} /.test(line));
    expect(
      rows.map((row) =>
        row
          .slice(12)
          .trim()
          .replace(/^\S+\s+/, ""),
      ),
    ).toEqual(["second talk", "first talk", "(no prompt yet)", "(no prompt yet)"]);
    // This pane's own session, empty so far, is among the last, marked as the current one.
    expect(rows.slice(2).some((row) => row[1] === "•")).toBe(true);
  }, 90_000);
});
