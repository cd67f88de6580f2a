import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { submitPrompt } from "../helpers/replay-pane.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * The model in the header, and kept across restores, in real tmux against the SDK 2.4.0 agent: like real
 * agents, it restores a session's conversation (`--store`) but not the model chosen in it.
 */
const panes: TmuxSession[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

const SESSION = "bbbb1111-2222-4333-8444-555566667777";

describe("the model across restores", () => {
  it("names the model in the header and sets it again after r and after --resume", async () => {
    const first = new TmuxSession(80, 24);
    panes.push(first);
    const store = join(first.home, "agent-store.json");
    writeFileSync(store, JSON.stringify([{ sessionId: SESSION, cwd: first.home, title: "Models", history: [] }]));
    const agent = JSON.stringify(sdkAgentCommandLine(["--store", store]));
    first.start(`${process.execPath} ${CLI} --cwd ${first.home} --resume ${SESSION} --agent-cmd ${agent}`);
    await first.waitFor(/Ask · Fast · .*ready/, 20_000);

    // /model: Smart. The header follows what the agent confirmed.
    await submitPrompt(first, "/model");
    await first.waitFor(/›•Fast/);
    first.send("Down");
    await first.waitFor(/› Smart/);
    first.send("Enter");
    await first.waitFor(/Ask · Smart · .*ready/, 10_000);

    // The agent dies; r restarts it and resumes the session, which it restores on its default model.
    await submitPrompt(first, "exit 3");
    await first.waitFor(/r restart and resume/, 15_000);
    first.send("r");
    const back = await first.waitFor(/Ask · Smart · .*ready/, 15_000);
    expect(back).not.toMatch(/· Fast ·/);
    expect(first.history()).toMatch(/model: Smart[\s\S]*model: Smart/);

    // Quit; --resume from the local index (which recorded the model) sets it again too.
    first.send("C-c");
    await first.waitFor(/again to quit/);
    first.send("C-c");
    await first.waitFor(/\[exited 0\]/, 10_000, () => first.history());
    const second = new TmuxSession(80, 24, first.home);
    panes.push(second);
    second.start(`${process.execPath} ${CLI} --resume ${SESSION.slice(0, 8)}`);
    await second.waitFor(/Ask · Smart · .*ready/, 20_000);
    expect(second.history()).toMatch(/model: Smart/);
  }, 90_000);
});
