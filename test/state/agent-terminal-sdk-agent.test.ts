import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PaneStore } from "../../src/state/pane-store.js";
import { resultsOf, startSdkAgent, text, type StartedSdkAgent } from "../helpers/sdk-agent/start.js";

/**
 * Commands the agent runs itself, their output streamed in tool call `_meta` (terminal_info, terminal_output,
 * terminal_exit): the SDK 2.4.0 agent as a child process, through the real client into the store.
 */
let started: StartedSdkAgent | undefined;
let dir: string | undefined;
afterEach(async () => {
  await started?.client.dispose();
  started = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function open() {
  dir = await mkdtemp(join(tmpdir(), "zcp-agent-terminal-"));
  started = await startSdkAgent();
  const store = new PaneStore({ flushIntervalMs: 1 });
  started.client.subscribe(store.handleClientEvent);
  store.dispatch({ type: "connection", state: "starting-session", agentName: "sdk" });
  const session = await started.client.newSession({ cwd: dir });
  store.dispatch({ type: "session-opened", sessionId: session.sessionId, how: "new", cwd: dir });
  return { client: started.client, store, sessionId: session.sessionId };
}

describe("live output of the agent's own commands (_meta.terminal_output)", () => {
  it("is offered at initialize, and the pieces become the row's terminal, tail and exit kept in the transcript", async () => {
    const { client, store, sessionId } = await open();
    await client.prompt(sessionId, text("whoami"));
    expect(resultsOf(started!.events, sessionId)[0]).toMatchObject({
      clientCapabilities: { _meta: { terminal_output: true } },
    });
    // stdout and stderr pieces come in updates of their own: all of them are kept, in order.
    await client.prompt(sessionId, text("shell printf 'one\\ntwo\\n'; sleep 0.2; printf 'three\\n' >&2; exit 3"));
    store.flush();
    const state = store.getState();
    const updates = started!.events.filter(
      (event) => event.type === "update" && event.update.sessionUpdate === "tool_call_update",
    );
    expect(updates.length).toBeGreaterThanOrEqual(3);
    const [terminal] = Object.values(state.terminals ?? {});
    expect(terminal).toMatchObject({ text: "one\ntwo\nthree\n", exit: { exitCode: 3 }, reported: true });
    const row = state.transcript.toArray().flatMap((item) => (item.kind === "tool" ? [item.row] : []))[0];
    expect(row).toMatchObject({ status: "failed", kind: "execute", terminalTail: "one\ntwo\nthree\nexit 3" });
  });
});
